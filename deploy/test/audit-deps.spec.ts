// eslint-disable-next-line @typescript-eslint/no-require-imports
const { judgeAudit } = require('../local/audit-deps.cjs') as {
  judgeAudit: (output: string) => { ok: boolean; message: string };
};

const report = (vulnerabilities: Record<string, { name: string; severity: string; range?: string }>) => {
  const counts = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 };
  for (const { severity } of Object.values(vulnerabilities)) {
    counts[severity as keyof typeof counts]++;
    counts.total++;
  }
  return JSON.stringify({ auditReportVersion: 2, vulnerabilities, metadata: { vulnerabilities: counts } });
};

describe('npm run audit:deps', () => {
  it('passes a clean report, and one with only low or moderate advisories, saying what it saw', () => {
    expect(judgeAudit(report({}))).toEqual({
      ok: true,
      message: 'Dependency audit: no high or critical advisory',
    });
    expect(judgeAudit(report({ a: { name: 'a', severity: 'moderate' } }))).toEqual({
      ok: true,
      message: 'Dependency audit: no high or critical advisory (1 moderate)',
    });
  });

  it('fails on a high or critical advisory, naming the packages', () => {
    const judged = judgeAudit(
      report({
        fastify: { name: 'fastify', severity: 'high', range: '<5.12.0' },
        b: { name: 'b', severity: 'low' },
      }),
    );
    expect(judged.ok).toBe(false);
    expect(judged.message).toContain('1 low, 1 high');
    expect(judged.message).toContain('high: fastify <5.12.0');
  });

  it('does not fail when the registry does not answer the audit request', () => {
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    });
    expect(judgeAudit(refused)).toEqual({
      ok: true,
      message:
        'Dependency audit skipped: the registry did not answer it (405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk)',
    });
    expect(judgeAudit('').ok).toBe(true);
  });
});
