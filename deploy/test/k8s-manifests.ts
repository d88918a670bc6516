// The Kubernetes manifests of deploy/k8s as an overlay renders them, with the few shapes the tests
// read. Rendering needs kustomize v5, standalone or built into kubectl (1.27 or later); without
// either the tests fail with a message saying so, they are never skipped.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { root, type Env } from './deployed-services';

export const OVERLAYS = ['dev', 'prod'];

/** The Secret the operator creates; the manifests only refer to it. */
export const SECRET_NAME_IN_CLUSTER = 'tawsil-secrets';

type Labels = Record<string, string>;

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string };
  };
}

export interface Probe {
  httpGet?: { path: string; port: string | number };
}

export interface Container {
  name: string;
  image: string;
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean };
}

export interface PodTemplate {
  metadata: { labels: Labels; annotations?: Record<string, string> };
  spec: {
    containers: Container[];
    restartPolicy?: string;
    terminationGracePeriodSeconds?: number;
    securityContext?: { runAsNonRoot?: boolean };
  };
}

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Labels };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  // The fields each kind has: Deployment, Job, Service, HorizontalPodAutoscaler, ...
  spec?: {
    replicas?: number;
    selector?: { matchLabels?: Labels } & Labels;
    template?: PodTemplate;
    ports?: { name: string; port: number; targetPort: string | number }[];
    scaleTargetRef?: { kind: string; name: string };
    minReplicas?: number;
    maxReplicas?: number;
    maxUnavailable?: number | string;
    minAvailable?: number | string;
    rules?: {
      host?: string;
      http: { paths: { backend: { service: { name: string; port: { name?: string; number?: number } } } }[] };
    }[];
    tls?: { hosts: string[]; secretName: string }[];
  };
}

const TOOLS: [string, (dir: string) => string[]][] = [
  ['kustomize', (dir) => ['build', dir]],
  ['kubectl', (dir) => ['kustomize', dir]],
];

function render(overlay: string): K8sObject[] {
  const dir = join(root, 'deploy/k8s/overlays', overlay);
  for (const [command, args] of TOOLS) {
    let output: string;
    try {
      output = execFileSync(command, args(dir), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      const stderr = String((error as { stderr?: string }).stderr ?? '');
      throw new Error(
        `${command} ${args(dir).join(' ')} failed (kustomize older than v5 cannot read these overlays: kubectl 1.27+ has v5):\n${stderr}`,
      );
    }
    return parseAllDocuments(output).map((document) => document.toJS() as K8sObject);
  }
  throw new Error(
    'Rendering deploy/k8s needs kustomize v5 or kubectl 1.27+ (kustomize built in) on PATH: see deploy/README.md',
  );
}

const rendered = new Map<string, K8sObject[]>();

/** One overlay's objects, rendered once per test file. */
export function manifests(overlay: string): Manifests {
  if (!rendered.has(overlay)) rendered.set(overlay, render(overlay));
  return new Manifests(rendered.get(overlay) ?? []);
}

export class Manifests {
  constructor(readonly objects: K8sObject[]) {}

  ofKind(kind: string): K8sObject[] {
    return this.objects.filter((o) => o.kind === kind);
  }

  get(kind: string, name: string): K8sObject {
    const found = this.objects.find((o) => o.kind === kind && o.metadata.name === name);
    if (!found) throw new Error(`no ${kind} ${name} in the rendered manifests`);
    return found;
  }

  /** A generated ConfigMap by the name a reference uses (kustomize adds a hash to both). */
  configMap(name: string): Record<string, string> {
    return this.get('ConfigMap', name).data ?? {};
  }

  /**
   * A container's environment as the kubelet builds it: the ConfigMaps' values, and for each
   * variable taken from the Secret, the value the operator's secrets give it.
   */
  environment(container: Container, secrets: Env): Env {
    const env: Env = {};
    for (const source of container.envFrom ?? [])
      if (source.configMapRef) Object.assign(env, this.configMap(source.configMapRef.name));
    for (const variable of container.env ?? []) {
      const { secretKeyRef, configMapKeyRef } = variable.valueFrom ?? {};
      if (secretKeyRef) env[variable.name] = secrets[secretKeyRef.key];
      else if (configMapKeyRef)
        env[variable.name] = this.configMap(configMapKeyRef.name)[configMapKeyRef.key];
      else env[variable.name] = variable.value;
    }
    return env;
  }
}

/** The pod template's only container (every workload here runs one). */
export function containerOf(workload: K8sObject): Container {
  const containers = workload.spec?.template?.spec.containers ?? [];
  if (containers.length !== 1)
    throw new Error(`${workload.metadata.name} has ${containers.length} containers`);
  return containers[0];
}

/** The number a probe or Service port means: a container port by its name, or the number itself. */
export function portNumber(container: Container, port: string | number | undefined): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

/** Whether a selector picks the pods of a template. */
export function selects(selector: Labels | undefined, template: PodTemplate | undefined): boolean {
  const wanted = Object.entries(selector ?? {});
  return wanted.length > 0 && wanted.every(([key, value]) => template?.metadata.labels[key] === value);
}

/** Kubernetes quantities as numbers: cpu in cores ("250m", "1"), memory in bytes ("512Mi", "1Gi"). */
export function quantity(value: string): number {
  const units: Record<string, number> = {
    m: 1e-3,
    '': 1,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    k: 1e3,
    M: 1e6,
    G: 1e9,
  };
  const [, number, unit] = /^([\d.]+)([A-Za-z]*)$/.exec(String(value)) ?? [];
  if (number === undefined || !(unit in units)) throw new Error(`quantity not understood: ${value}`);
  return Number(number) * units[unit];
}
