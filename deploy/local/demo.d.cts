/** Types of demo.cjs, for the test that makes the demo. */
export declare const DEMO_PASSWORD: string;
export declare const DEMO_OWNER: { name: string; email: string };
export declare const DEMO_AGENT: { name: string; email: string };
export declare function seedDemo(urls: {
  gateway: string;
  youcanSandbox: string;
  zrSandbox: string;
  yalidineSandbox: string;
  mailSandbox: string;
}): Promise<string[]>;
