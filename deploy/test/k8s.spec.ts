// deploy/k8s, both overlays rendered by kustomize, checked against the code it deploys (the config
// classes), docker-compose.yml (images, ports, migrations) and deploy/README.md (the Secret).
import { describeConfig, loadConfig, MigrationConfig } from '@tawsil/config';
import {
  composeService,
  DATABASE_SERVICES,
  exampleEnv,
  read,
  SECRET_NAME,
  SERVICE_NAMES,
  SERVICES,
  WORKER_NAMES,
  type ConfigClass,
} from './deployed-services';
import {
  containerOf,
  manifests,
  OVERLAYS,
  portNumber,
  quantity,
  SECRET_NAME_IN_CLUSTER,
  selects,
  type Container,
} from './k8s-manifests';

/** The services whose load varies, each with a HorizontalPodAutoscaler, and every service's workers. */
const AUTOSCALED = ['gateway', 'orders', 'delivery-zr', ...WORKER_NAMES];
/** How long RedisStreamsServer drains the calls it holds after SIGTERM (its drainMs default). */
const RPC_DRAIN_SECONDS = 10;
const NAMESPACES: Record<string, string> = { dev: 'tawsil-dev', prod: 'tawsil' };

const isSecret = (config: ConfigClass, name: string) =>
  SECRET_NAME.test(name) || describeConfig(config).some((v) => v.name === name && v.secret);
const allConfigs = [...Object.values(SERVICES), MigrationConfig];
const isAnySecret = (name: string) => allConfigs.some((config) => isSecret(config, name));

describe.each(OVERLAYS)('deploy/k8s/overlays/%s', (overlay) => {
  const k8s = manifests(overlay);
  const deployment = (name: string) => k8s.get('Deployment', name);
  const container = (name: string) => containerOf(deployment(name));
  const loaded = (name: string) =>
    loadConfig(SERVICES[name], k8s.environment(container(name), exampleEnv())) as Record<string, unknown>;

  it('deploys each service and worker of docker-compose.yml, and no sandbox', () => {
    const deployed = k8s.ofKind('Deployment').map((d) => d.metadata.name);
    expect([...deployed].sort()).toEqual([...SERVICE_NAMES, ...WORKER_NAMES].sort());
    const everything = JSON.stringify(k8s.objects);
    expect(everything).not.toMatch(/sandbox/i);
  });

  it('puts everything in its namespace', () => {
    for (const object of k8s.objects)
      expect({ object: object.metadata.name, namespace: object.metadata.namespace }).toEqual({
        object: object.metadata.name,
        namespace: NAMESPACES[overlay],
      });
  });

  it.each(SERVICE_NAMES)(
    'probes %s: readiness on /health/ready, liveness on /health/live, where it listens',
    (name) => {
      const app = container(name);
      const config = loaded(name);
      const listening = 'HEALTH_PORT' in config ? config.HEALTH_PORT : config.PORT;
      for (const [probe, path] of [
        [app.readinessProbe, '/health/ready'],
        [app.livenessProbe, '/health/live'],
      ] as const) {
        expect(probe?.httpGet?.path).toBe(path);
        expect(portNumber(app, probe?.httpGet?.port)).toBe(listening);
      }
      // The port compose's health check uses: the image's HEALTH_PORT, or the gateway's PORT.
      const { build, environment } = composeService(name);
      expect(Number(build?.args?.HEALTH_PORT ?? environment?.PORT)).toBe(listening);
    },
  );

  it.each(SERVICE_NAMES)('gives %s resource requests and limits, requests within limits', (name) => {
    const { requests = {}, limits = {} } = container(name).resources ?? {};
    for (const resource of ['cpu', 'memory']) {
      expect({ name, resource, requested: requests[resource] !== undefined }).toEqual({
        name,
        resource,
        requested: true,
      });
      expect(quantity(requests[resource])).toBeLessThanOrEqual(quantity(limits[resource]));
    }
  });

  it.each(SERVICE_NAMES)(
    'sets every variable %s requires, from the ConfigMaps or the Secret, and only those it reads',
    (name) => {
      const app = container(name);
      const names = Object.keys(k8s.environment(app, {}));
      const described = describeConfig(SERVICES[name]);
      const required = described.filter((v) => v.required).map((v) => v.name);
      expect(required.filter((variable) => !names.includes(variable))).toEqual([]);
      const known = new Set(described.map((v) => v.name));
      expect(names.filter((variable) => !known.has(variable))).toEqual([]);
      // No literal value in the Deployment: configuration lives in the ConfigMaps.
      expect((app.env ?? []).filter((v) => v.valueFrom === undefined).map((v) => v.name)).toEqual([]);
      expect((app.envFrom ?? []).filter((source) => !source.configMapRef)).toEqual([]);
    },
  );

  it.each(SERVICE_NAMES)(
    'gives %s a configuration its config class accepts, with the secrets filled in',
    (name) => {
      expect(() => loaded(name)).not.toThrow();
    },
  );

  it.each(SERVICE_NAMES)(
    'takes every secret of %s from the Secret tawsil-secrets, never from a value or a ConfigMap',
    (name) => {
      for (const variable of container(name).env ?? []) {
        if (!isSecret(SERVICES[name], variable.name)) continue;
        expect({ variable: variable.name, from: variable.valueFrom?.secretKeyRef?.name }).toEqual({
          variable: variable.name,
          from: SECRET_NAME_IN_CLUSTER,
        });
      }
      const secrets = describeConfig(SERVICES[name])
        .filter((v) => v.secret)
        .map((v) => v.name);
      const fromSecret = (container(name).env ?? [])
        .filter((v) => v.valueFrom?.secretKeyRef)
        .map((v) => v.name);
      expect(secrets.filter((secret) => !fromSecret.includes(secret))).toEqual([]);
    },
  );

  it('writes no secret: no Secret object, no secret in a ConfigMap, no key or password in the text', () => {
    expect(k8s.ofKind('Secret')).toEqual([]);
    for (const configMap of k8s.ofKind('ConfigMap'))
      expect(Object.keys(configMap.data ?? {}).filter(isAnySecret)).toEqual([]);
    const text = JSON.stringify(k8s.objects);
    expect(text).not.toMatch(/-----BEGIN/);
    expect(text).not.toMatch(/\w+:\/\/[^/\s"@]*:[^/\s"@]+@/); // a URL with a password
  });

  it('names every key it reads from the Secret in the kubectl create secret of deploy/README.md', () => {
    const readme = read('deploy/README.md');
    const command = /kubectl create secret generic tawsil-secrets[^`]*/.exec(readme)?.[0] ?? '';
    const documented = [...command.matchAll(/--from-(?:literal|file)=(\w+)=/g)].map((m) => m[1]);
    const keys = new Set(
      [...k8s.ofKind('Deployment'), ...k8s.ofKind('Job')]
        .flatMap((workload) => containerOf(workload).env ?? [])
        .map((v) => v.valueFrom?.secretKeyRef)
        .filter((ref) => ref !== undefined)
        .map((ref) => {
          expect(ref.name).toBe(SECRET_NAME_IN_CLUSTER);
          return ref.key;
        }),
    );
    expect(keys.size).toBeGreaterThan(5);
    expect([...keys].filter((key) => !documented.includes(key))).toEqual([]);
  });

  it.each(SERVICE_NAMES)('runs %s from the image docker-compose.yml builds', (name) => {
    const image = container(name).image;
    const built = composeService(name).image as string;
    expect(built).toBe(`tawsil/${name}`);
    const repository = image.replace(/:[\w.-]+$/, '');
    if (overlay === 'dev') expect(image).toBe(built);
    else expect(repository.endsWith(`/${built}`)).toBe(true);
  });

  it.each(DATABASE_SERVICES)('migrates %s with a Job of its image, as compose does', (name) => {
    const job = k8s.get('Job', `migrate-${name}`);
    const migrate = containerOf(job);
    expect(migrate.image).toBe(container(name).image);
    expect(migrate.command).toEqual(composeService(`migrate-${name}`).command);
    expect(job.spec?.template?.spec.restartPolicy).toMatch(/^(OnFailure|Never)$/);
    expect(job.metadata.labels?.['app.kubernetes.io/component']).toBe('migration');
    expect(() => loadConfig(MigrationConfig, k8s.environment(migrate, exampleEnv()))).not.toThrow();
    // No Service or disruption budget counts the Job's pod as one of the service's.
    for (const selecting of [...k8s.ofKind('Service'), ...k8s.ofKind('PodDisruptionBudget')]) {
      const selector = selecting.spec?.selector?.matchLabels ?? selecting.spec?.selector;
      expect({ by: selecting.metadata.name, selected: selects(selector, job.spec?.template) }).toEqual({
        by: selecting.metadata.name,
        selected: false,
      });
    }
  });

  it('has no migration Job for a service without a database', () => {
    const jobs = k8s.ofKind('Job').map((job) => job.metadata.name);
    expect([...jobs].sort()).toEqual(DATABASE_SERVICES.map((name) => `migrate-${name}`).sort());
  });

  it.each(SERVICE_NAMES)('gives %s a Service on its named ports, and a PodDisruptionBudget', (name) => {
    const app = container(name);
    const { spec } = k8s.get('Service', name);
    expect(selects(spec?.selector, deployment(name).spec?.template)).toBe(true);
    for (const port of spec?.ports ?? [])
      expect({ port: port.name, target: portNumber(app, port.targetPort) }).toEqual({
        port: port.name,
        target: expect.any(Number),
      });
    const budgets = k8s
      .ofKind('PodDisruptionBudget')
      .filter((pdb) => selects(pdb.spec?.selector?.matchLabels, deployment(name).spec?.template));
    expect(budgets).toHaveLength(1);
    expect(budgets[0].spec?.maxUnavailable ?? budgets[0].spec?.minAvailable).toBeDefined();
  });

  it("autoscales the gateway, orders, delivery-zr and every service's workers, and leaves them their replica count", () => {
    const autoscalers = k8s.ofKind('HorizontalPodAutoscaler');
    const targets = autoscalers.map((hpa) => hpa.spec?.scaleTargetRef);
    expect(targets.map((t) => t?.kind)).toEqual(AUTOSCALED.map(() => 'Deployment'));
    expect(targets.map((t) => t?.name).sort()).toEqual([...AUTOSCALED].sort());
    for (const hpa of autoscalers)
      expect(hpa.spec?.minReplicas).toBeLessThanOrEqual(hpa.spec?.maxReplicas ?? 0);
    for (const name of [...SERVICE_NAMES, ...WORKER_NAMES]) {
      const replicas = deployment(name).spec?.replicas;
      // An autoscaled Deployment carries no count that each apply would reset.
      if (AUTOSCALED.includes(name)) expect({ name, replicas }).toEqual({ name, replicas: undefined });
      else expect({ name, replicas }).toEqual({ name, replicas: overlay === 'prod' ? 2 : 1 });
    }
  });

  it.each(DATABASE_SERVICES)(
    "runs %s's queue processors in a Deployment of their own: same image and configuration, worker.ts",
    (name) => {
      const rpc = container(name);
      const worker = container(`${name}-worker`);
      expect(worker.image).toBe(rpc.image);
      expect(worker.command).toEqual(['node', 'dist/src/worker.js']);
      expect(rpc.command).toBeUndefined();
      // The same Redis user, PostgreSQL role and keys: least privilege unchanged.
      expect(worker.env).toEqual(rpc.env);
      expect(worker.envFrom).toEqual(rpc.envFrom);
      expect(worker.readinessProbe).toEqual(rpc.readinessProbe);
      expect(loadConfig(SERVICES[name], k8s.environment(worker, exampleEnv()))).toBeDefined();
      const template = deployment(`${name}-worker`).spec?.template;
      expect(selects(deployment(name).spec?.selector?.matchLabels, template)).toBe(false);
    },
  );

  it.each(SERVICE_NAMES)('exposes the metrics of %s on the port its config sets, for Prometheus', (name) => {
    const app = container(name);
    const metrics = portNumber(app, 'metrics');
    expect(metrics).toBe(loaded(name).METRICS_PORT);
    const annotations = deployment(name).spec?.template?.metadata.annotations ?? {};
    expect(annotations['prometheus.io/scrape']).toBe('true');
    expect(annotations['prometheus.io/port']).toBe(String(metrics));
    expect(annotations['prometheus.io/path']).toBe('/metrics');
  });

  it('lets in from outside only the gateway HTTP port, at the address stores-youcan gives YouCan', () => {
    const ingresses = k8s.ofKind('Ingress');
    expect(ingresses).toHaveLength(1);
    const rules = ingresses[0].spec?.rules ?? [];
    const backends = rules.flatMap((rule) => rule.http.paths.map((path) => path.backend.service));
    expect(backends).toEqual([{ name: 'gateway', port: { name: 'http' } }]);
    expect(portNumber(container('gateway'), 'http')).toBe(loaded('gateway').PORT);
    expect(loaded('gateway').TRUST_PROXY).toEqual(['10.0.0.0/8']);
    const publicUrl = new URL(String(loaded('stores-youcan').PUBLIC_URL));
    expect(rules.map((rule) => rule.host)).toEqual([publicUrl.hostname]);
    if (overlay === 'prod') {
      expect(publicUrl.protocol).toBe('https:');
      expect(ingresses[0].spec?.tls?.flatMap((tls) => tls.hosts)).toEqual([publicUrl.hostname]);
    }
  });

  it.each(SERVICE_NAMES)('gives %s the time to finish its work when it stops, as a non-root user', (name) => {
    const pod = deployment(name).spec?.template?.spec;
    const app: Container = container(name);
    const preStop = Number(app.lifecycle?.preStop?.exec?.command.at(-1) ?? 0);
    let needed = preStop + RPC_DRAIN_SECONDS;
    // delivery-zr: the saisie batch in progress, its ZR call and the read-back of a timed-out call.
    if (name === 'delivery-zr') needed += (2 * Number(loaded(name).ZR_TIMEOUT_MS)) / 1000;
    expect(pod?.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(needed);
    expect(pod?.securityContext?.runAsNonRoot).toBe(true);
    expect(app.securityContext?.allowPrivilegeEscalation).toBe(false);
  });
});
