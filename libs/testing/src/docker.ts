import { execFile } from 'node:child_process';

/** Whether a Docker engine answers here (the client alone is not enough for testcontainers). */
export function dockerAvailable(): Promise<boolean> {
  return new Promise((resolve) => {
    execFile('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 5000 }, (error) =>
      resolve(!error),
    );
  });
}
