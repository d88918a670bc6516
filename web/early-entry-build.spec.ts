import type { HtmlTagDescriptor, IndexHtmlTransformContext } from 'vite';
import { earlyEntry } from './early-entry-build';

const chunk = (fileName: string, values: Record<string, unknown> = {}) => ({
  type: 'chunk',
  fileName,
  name: fileName.replace(/^assets\/|-\w+\.js$/g, ''),
  imports: [],
  isEntry: false,
  facadeModuleId: null,
  ...values,
});

/** index.html's tags as the plugin adds them to a build holding these chunks. */
function tagsFor(chunks: ReturnType<typeof chunk>[]): HtmlTagDescriptor[] {
  const plugin = earlyEntry();
  (plugin.configResolved as unknown as (config: { base: string }) => void)({ base: '/' });
  const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c]));
  const { handler } = plugin.transformIndexHtml as unknown as {
    handler: (html: string, context: Partial<IndexHtmlTransformContext>) => HtmlTagDescriptor[];
  };
  return handler('', { bundle: bundle as unknown as IndexHtmlTransformContext['bundle'] });
}

describe('the early entry in the build', () => {
  it("loads the early entry from index.html, async, and names the Orders screen's chunks the entries do not load", () => {
    const tags = tagsFor([
      chunk('assets/index-a1.js', { isEntry: true, imports: ['assets/react-b2.js'] }),
      chunk('assets/early-c3.js', { isEntry: true }),
      chunk('assets/react-b2.js'),
      chunk('assets/OrdersPage-d4.js', {
        facadeModuleId: '/app/web/src/pages/OrdersPage.tsx',
        imports: ['assets/react-b2.js', 'assets/Toast-e5.js'],
      }),
      chunk('assets/Toast-e5.js', { imports: ['assets/react-b2.js'] }),
      chunk('assets/LoginPage-f6.js', { facadeModuleId: '/app/web/src/pages/LoginPage.tsx' }),
    ]);
    expect(tags).toEqual([
      {
        tag: 'meta',
        attrs: { name: 'tawsil-orders-chunks', content: '/assets/OrdersPage-d4.js /assets/Toast-e5.js' },
        injectTo: 'head',
      },
      {
        tag: 'script',
        attrs: { type: 'module', async: true, crossorigin: true, src: '/assets/early-c3.js' },
        injectTo: 'head',
      },
    ]);
  });

  it('fails the build when the early entry or the Orders screen is missing from it', () => {
    expect(() => tagsFor([chunk('assets/index-a1.js', { isEntry: true })])).toThrow(/src\/early-entry\.ts/);
    expect(() =>
      tagsFor([
        chunk('assets/index-a1.js', { isEntry: true }),
        chunk('assets/early-c3.js', { isEntry: true }),
      ]),
    ).toThrow(/OrdersPage/);
  });
});
