import type { NewArticle } from '../../server/src/store/articles.repository.js';

/** The Chinese term the search scenario looks for; about one article in eight contains it. */
export const SEARCH_TERM = '性能优化';

const CATEGORIES = ['前端开发', '后端开发', 'DevOps', '数据库', '架构设计', '随笔'];
const TAGS = [
  'React',
  'TypeScript',
  'Node.js',
  'Go',
  'Rust',
  'Docker',
  'Kubernetes',
  'PostgreSQL',
  'Redis',
  '微服务',
  '算法',
  '测试',
  '安全',
  '读书笔记',
];
const TOPICS = [
  '缓存策略',
  '并发模型',
  '类型系统',
  '状态管理',
  '日志与监控',
  '持续集成',
  '数据库索引',
  '内存管理',
  '接口设计',
  '错误处理',
];
const CHINESE_SENTENCES = [
  '在实际项目中，我们往往需要在开发效率和运行效率之间做出权衡。',
  '这篇文章记录了我在重构旧系统时踩过的坑，以及最后采用的方案。',
  '先从一个最小可复现的例子开始，再逐步加入真实场景中的约束。',
  '团队最终决定把这部分逻辑拆成独立的模块，并补齐了单元测试。',
  '线上问题往往出现在边界条件里，所以监控和告警同样重要。',
  '如果只看基准测试的数字，很容易忽略长尾延迟带来的影响。',
  '文档写得好，新同事上手的时间可以缩短一半以上。',
  '下面的代码片段展示了核心思路，省略了部分错误处理。',
];
const ENGLISH_SENTENCES = [
  'The trade-off here is between latency at the tail and throughput on average.',
  'We measured every change with the same workload before merging it.',
  'A small, boring design usually survives longer than a clever one.',
  'Most of the time went into understanding the failure, not fixing it.',
  'Keep the hot path free of allocations and the rest rarely matters.',
];
const CODE_SAMPLES = [
  '```ts\nexport async function retry<T>(task: () => Promise<T>, attempts = 3): Promise<T> {\n  for (let i = 1; ; i += 1) {\n    try {\n      return await task();\n    } catch (error) {\n      if (i >= attempts) throw error;\n    }\n  }\n}\n```',
  '```go\nfunc worker(jobs <-chan Job, results chan<- Result) {\n\tfor job := range jobs {\n\t\tresults <- job.Run()\n\t}\n}\n```',
  '```sql\nCREATE INDEX CONCURRENTLY idx_orders_user ON orders (user_id, created_at DESC);\n```',
  '```bash\ndocker build -t folio . && docker run -p 3000:3000 -v $PWD/data:/app/data folio\n```',
];

/** A small deterministic generator, so every run seeds the same corpus. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

function paragraph(random: () => number): string {
  const sentences: string[] = [];
  const count = 3 + Math.floor(random() * 4);
  for (let index = 0; index < count; index += 1) {
    sentences.push(random() < 0.7 ? pick(random, CHINESE_SENTENCES) : pick(random, ENGLISH_SENTENCES));
  }
  return sentences.join(random() < 0.5 ? '' : ' ');
}

/** Article number `index` of the corpus: several KB of mixed Chinese/English Markdown. */
export function buildBenchArticle(index: number): NewArticle {
  const random = createRandom(index + 1);
  const topic = pick(random, TOPICS);
  const mentionsTerm = index % 8 === 0;
  const sections: string[] = [`# ${topic}实践笔记 #${index + 1}`, paragraph(random)];
  const sectionCount = 4 + Math.floor(random() * 4);
  for (let section = 1; section <= sectionCount; section += 1) {
    sections.push(`## ${section}. ${pick(random, TOPICS)} in practice`);
    sections.push(paragraph(random), paragraph(random));
    if (random() < 0.5) sections.push(pick(random, CODE_SAMPLES));
    if (random() < 0.3) sections.push(`- ${pick(random, TAGS)}\n- ${pick(random, TAGS)}\n- ${pick(random, TOPICS)}`);
  }
  if (mentionsTerm) sections.push(`## 小结\n\n这次${SEARCH_TERM}的关键在于先测量，再动手。${paragraph(random)}`);
  const tags = [...new Set([pick(random, TAGS), pick(random, TAGS), pick(random, TAGS)])];
  // Spread over about three years, one article every half day, oldest first.
  const created = new Date(Date.UTC(2023, 0, 1) + index * 12 * 60 * 60 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    title: `${topic}：${pick(random, ['从入门到上线', '踩坑记录', '设计取舍', 'a practical guide', '复盘'])}（${index + 1}）`,
    category: pick(random, CATEGORIES),
    tags,
    summary: paragraph(random).slice(0, 120),
    cover: '',
    content: sections.join('\n\n'),
    created_at: created,
    updated_at: created,
  };
}
