/**
 * The words of CodeMirror's search panel (查找, Ctrl/Cmd+F in the body editor), keyed by the
 * English phrase CodeMirror asks for (EditorState.phrases); `$` is where it puts a number.
 */
export const EditorSearchPhrases = {
  Find: '查找',
  Replace: '替换为',
  next: '下一个',
  previous: '上一个',
  all: '全选',
  'match case': '区分大小写',
  regexp: '正则表达式',
  'by word': '全词匹配',
  replace: '替换',
  'replace all': '全部替换',
  close: '关闭',
  'current match': '当前匹配',
  'on line': '位于第',
  'replaced match on line $': '已替换第 $ 行的匹配',
  'replaced $ matches': '已替换 $ 处',
  'Go to line': '跳到行',
  go: '跳转',
} as const;
