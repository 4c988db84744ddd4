// The console's HTML and headers (functions/http/console-page.ts) and what its build bundles.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { consolePage } from '../../../functions/http/console-page';
import { bundledPackages } from '../../../lib/web-assets';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('consolePage', () => {
  it('inlines the code so that nothing closes its element early, and admits exactly that code by hash', () => {
    const page = consolePage('const a = "</script><img src=x>";', 'a::after { content: "</style>" }');
    const script = /<script>([\s\S]*)<\/script>/.exec(page.body)![1]!;
    const style = /<style>([\s\S]*)<\/style>/.exec(page.body)![1]!;
    expect(script).toBe('const a = "<\\/script><img src=x>";');
    expect(style).toBe('a::after { content: "<\\/style>" }');
    const policy = page.headers['Content-Security-Policy']!;
    expect(policy).toContain(`script-src ${hash(script)};`);
    expect(policy).toContain(`style-src ${hash(style)};`);
    expect(policy).not.toMatch(/unsafe-(inline|eval)/);
    expect(policy.startsWith("default-src 'none';")).toBe(true);
  });
});

describe('bundledPackages', () => {
  it('names the npm packages of a build, scoped ones included, once each', () => {
    const inputs = Object.fromEntries(
      [
        'node_modules/uplot/dist/uPlot.esm.js',
        'node_modules/preact/dist/preact.mjs',
        'node_modules/preact/hooks/dist/hooks.mjs',
        'node_modules/@scope/pkg/index.js',
        'console/src/main.tsx',
        'client/src/index.ts',
      ].map((p) => [p, { bytes: 1, imports: [] }]),
    );
    expect(bundledPackages({ inputs, outputs: {} })).toEqual(['@scope/pkg', 'preact', 'uplot']);
  });
});
