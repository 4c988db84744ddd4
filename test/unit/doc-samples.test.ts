// How the guides' code samples are read and their outputs compared (test/support/doc-samples.ts);
// test/integration/doc-samples.test.ts runs them.
import { describe, expect, it } from 'vitest';
import { commandsOf, diagramPaths, matchJson, matchText, optionsOf, parseBlocks, samplesOf, shellWords } from '../support/doc-samples';

const fence = '```';

describe('guide samples', () => {
  it('reads the project paths of a diagram, placeholders cut and prose skipped', () => {
    const drawing = [
      '  API Gateway ──▶ functions/handlers/api/<domain>/<operation>.ts (the pipeline: functions/http/)',
      '  read by lib/ and bin/app.ts, not by 1/2 or a/b.',
    ].join('\n');
    expect(diagramPaths(drawing)).toEqual(['functions/handlers/api/', 'functions/http/', 'lib/', 'bin/app.ts']);
  });

  it('reads fenced blocks with their kind and attributes, and pairs outputs with the block before', () => {
    const md = [
      'Intro',
      `${fence}sh start`,
      'npm start',
      fence,
      `${fence}sh run exit=1`,
      'npx stx batch x.csv',
      fence,
      `${fence}text output`,
      'done: …',
      fence,
      `${fence}json file=seed.json`,
      '{}',
      fence,
      `${fence}\`sh check`,
      'npm run synth',
      fence,
      'echo inside a four-backtick fence',
      `${fence}\``,
    ].join('\n');
    const blocks = parseBlocks(md, 'g.md');
    expect(blocks.map((b) => [b.line, b.lang, b.tags, b.attrs])).toEqual([
      [2, 'sh', ['start'], {}],
      [5, 'sh', ['run'], { exit: '1' }],
      [8, 'text', ['output'], {}],
      [11, 'json', [], { file: 'seed.json' }],
      [14, 'sh', ['check'], {}],
    ]);
    expect(blocks.at(-1)?.text).toBe(`npm run synth\n${fence}\necho inside a four-backtick fence`);
    const samples = samplesOf(blocks.slice(0, 4));
    expect(samples.map((s) => s.kind)).toEqual(['start', 'run', 'file']);
    expect(samples[1]).toMatchObject({ output: { line: 8 } });
  });

  it('refuses a block of no known kind, and an output block without a run before it', () => {
    expect(() => samplesOf(parseBlocks(`${fence}sh\nls\n${fence}`, 'g.md'))).toThrow(/g\.md:1: ```sh is not a sample the tests know/);
    expect(() => samplesOf(parseBlocks(`${fence}ts\nlet a = 1;\n${fence}`, 'g.md'))).toThrow(/not a sample/);
    expect(() => samplesOf(parseBlocks(`${fence}json\n{}\n${fence}`, 'g.md'))).toThrow(/not a sample/);
    expect(() => samplesOf(parseBlocks(`${fence}text output\nx\n${fence}`, 'g.md'))).toThrow(/an output block follows a run or start block/);
  });

  it('matches text with … within a line and … for any lines', () => {
    expect(matchText('a\n…\nd', 'a\nb\nc\nd\n')).toBeNull();
    expect(matchText('a\n…\nd', 'a\nd')).toBeNull();
    expect(matchText('key: stx_test_…', 'key: stx_test_abc123')).toBeNull();
    expect(matchText('x (1.5 s)', 'x (1X5 s)')).not.toBeNull();
    expect(matchText('a\nb', 'a\nb\nc')).toMatch(/does not fit/);
    expect(matchText('done', '\u001b[32mdone\u001b[0m  \n')).toBeNull();
  });

  it('matches JSON: shown members exactly unless "…" allows more, "…" values, open arrays, … inside strings', () => {
    expect(matchJson({ a: 1, '…': '…' }, { a: 1, b: 2 })).toBeNull();
    expect(matchJson({ a: 1 }, { a: 1, b: 2 })).toMatch(/\$: members the guide does not show: b/);
    expect(matchJson({ a: '…' }, { a: { deep: [1] } })).toBeNull();
    expect(matchJson({ a: [1, '…'] }, { a: [1, 2, 3] })).toBeNull();
    expect(matchJson({ a: [1, 2] }, { a: [1] })).toMatch(/\$\.a: 1 elements, the guide shows 2/);
    expect(matchJson({ code: 'INV-…' }, { code: 'INV-7' })).toBeNull();
    expect(matchJson({ tax: 9.5 }, { tax: 9.25 })).toMatch(/\$\.tax: 9\.25, the guide shows 9\.5/);
    expect(matchJson({ a: 1 }, {})).toMatch(/\$\.a: missing/);
  });

  it('reads shell commands as sh does', () => {
    expect(shellWords(`curl -H "Authorization: Bearer $KEY" -d '{"a": 1}' x # note`)).toEqual([
      'curl',
      '-H',
      'Authorization: Bearer $KEY',
      '-d',
      '{"a": 1}',
      'x',
    ]);
    expect(commandsOf('npm install && npm start   # a comment\nSTX_X=1 npx tsx scripts/a.ts --b \\\n  --c=2')).toEqual([
      ['npm', 'install'],
      ['npm', 'start'],
      ['npx', 'tsx', 'scripts/a.ts', '--b', '--c=2'],
    ]);
    expect(optionsOf(['npx', 'cdk', 'deploy', '-c', 'stage=alice', '--require-approval=never', 'x'])).toEqual(['-c', '--require-approval']);
  });
});
