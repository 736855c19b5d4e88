/** The about block's HTML fields (SPEC 2, About editor). */
export const ABOUT_FIELDS = [
  { key: 'education_background', label: '教育背景' },
  { key: 'hobbies', label: '兴趣爱好' },
  { key: 'personal_vision', label: '个人愿景' },
] as const;

/** The home block's fields (API 3.1), so the owner can change the landing page too. */
export const HOME_FIELDS = [
  { key: 'title', label: '标题', multiline: false },
  { key: 'subtitle', label: '副标题', multiline: false },
  { key: 'author', label: '作者', multiline: false },
  { key: 'github_url', label: '代码托管主页', multiline: false },
  { key: 'github_calendar_url', label: '贡献日历图片地址', multiline: false },
  { key: 'contact_description', label: '联系方式说明', multiline: true },
] as const;

export type AboutKey = (typeof ABOUT_FIELDS)[number]['key'];
export type HomeKey = (typeof HOME_FIELDS)[number]['key'];
