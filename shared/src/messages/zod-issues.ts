import { z } from 'zod';

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: '文本',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  date: '日期',
  null: '空值',
  literal: '指定的值',
  record: '对象',
  tuple: '数组',
};

function limitUnit(origin: string): string {
  if (origin === 'string') return '个字符';
  if (origin === 'array' || origin === 'set') return '项';
  if (origin === 'file') return '字节';
  return '';
}

/**
 * The Chinese message of a zod issue whose schema named none. Installed as zod's global error
 * map, so no English zod text reaches a user; the caller adds the field path (for example the
 * import's `articles[3].title 不能为空`).
 */
export function chineseIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? '不能为空' : `类型错误，应为${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_big':
      return limitUnit(issue.origin) ? `不能超过${issue.maximum}${limitUnit(issue.origin)}` : `不能大于${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return '不能为空';
      return limitUnit(issue.origin) ? `不能少于${issue.minimum}${limitUnit(issue.origin)}` : `不能小于${issue.minimum}`;
    case 'invalid_format':
      return '格式不正确';
    case 'not_multiple_of':
      return `必须是${issue.divisor}的倍数`;
    case 'unrecognized_keys':
      return `包含未知字段：${issue.keys.join('、')}`;
    case 'invalid_key':
      return '字段名无效';
    case 'invalid_element':
      return '包含无效的元素';
    case 'invalid_value':
      return '取值无效';
    case 'invalid_union':
      return '格式不正确';
    default:
      return '内容无效';
  }
}

// Zod compiles object parsers with `new Function` where it can, and probes for that ability on
// first use. The site's Content-Security-Policy forbids eval, so in a browser even the probe is
// reported as a violation; the interpreted parsers are fast enough for Folio's small bodies.
z.config({ jitless: true, customError: chineseIssueMessage });
