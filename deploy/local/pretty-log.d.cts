// Types of pretty-log.cjs, for the tests.
import type { Readable } from 'node:stream';

export interface LogPrinter {
  print(name: string, line: string): void;
}
export declare function createLogPrinter(options: {
  format: 'pretty' | 'json';
  colors?: boolean;
  out?: { write(text: string): unknown };
  nameWidth?: number;
  names?: string[];
}): LogPrinter;
export declare function eachLine(stream: Readable, onLine: (line: string) => void): void;
export declare function logFormat(
  env: Record<string, string | undefined>,
  stream?: { isTTY?: boolean },
): 'pretty' | 'json';
