import Prism from 'prismjs';
import { describe, expect, it } from 'vitest';
import {
  componentsFor,
  LANGUAGE_COMPONENTS,
  loadAllCodeLanguages,
  loadCodeLanguages,
  REGISTERED_ALIASES,
} from './prism-highlight';

const fence = (language: string, code = 'x') => `\`\`\`${language}\n${code}\n\`\`\`\n`;

describe('code languages loaded per article', () => {
  it('names every language a used component registers, so each fence loads what the server highlights with', async () => {
    const before = new Set(Object.keys(Prism.languages));
    await loadAllCodeLanguages();
    const registered = Object.keys(Prism.languages).filter((name) => !before.has(name));
    for (const name of registered) {
      const component = (LANGUAGE_COMPONENTS as string[]).includes(name) ? name : REGISTERED_ALIASES[name];
      expect(component, `${name} is registered by a component the table does not name`).toBeDefined();
      expect(Prism.languages[component ?? ''], name).toBeDefined();
    }
    expect(registered.length).toBeGreaterThanOrEqual(LANGUAGE_COMPONENTS.length);
    // Everything is loaded now: no source waits for a grammar.
    expect(loadCodeLanguages(fence('rust') + fence('tsx'))).toBeNull();
  });

  it('loads only the fences’ languages, with the ones they extend first, and nothing for unknown or core ones', () => {
    const source = ['# 标题', fence('tsx'), fence('C++'), fence('kts'), fence('mermaid'), fence('brainfuck'), fence('js')].join(
      '\n',
    );
    expect(componentsFor(source)).toEqual(['jsx', 'typescript', 'tsx', 'c', 'cpp', 'kotlin']);
    expect(componentsFor('没有代码的文章')).toEqual([]);
  });

  it('finds fences inside lists and quotes, and tilde fences', () => {
    expect(componentsFor(`- 步骤\n\n  ~~~bash\n  ls\n  ~~~\n\n> \`\`\`yml\n> a: 1\n> \`\`\`\n`)).toEqual(['bash', 'yaml']);
  });

  it('loads every language for a Markdown block, whose grammar highlights the code blocks inside it', () => {
    const components = componentsFor(fence('md', '```go\nfunc main() {}\n```'));
    expect([...components].sort()).toEqual([...LANGUAGE_COMPONENTS].sort());
    // Each after what it extends.
    expect(components.indexOf('tsx')).toBeGreaterThan(Math.max(components.indexOf('jsx'), components.indexOf('typescript')));
    expect(components.indexOf('cpp')).toBeGreaterThan(components.indexOf('c'));
  });
});
