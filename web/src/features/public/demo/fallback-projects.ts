import type { Project } from '../projects/model/projects';

/** Shown when the code host cannot be reached and nothing is cached (docs/spec.md §4.3). */
export function fallbackProjects(profileUrl: string): Project[] {
  const link = profileUrl || 'https://github.com';
  const updated = '2026-01-01T00:00:00Z';
  return [
    {
      title: 'folio',
      description: '自托管的个人作品集与博客：Markdown 文章、实时更新、后台管理。',
      link,
      stars: 0,
      language: 'TypeScript',
      updated_at: updated,
    },
    {
      title: 'dotfiles',
      description: '日常开发环境配置：终端、编辑器与常用脚本。',
      link,
      stars: 0,
      language: 'Shell',
      updated_at: updated,
    },
    { title: 'notes', description: '学习笔记与技术分享的草稿仓库。', link, stars: 0, language: 'Markdown', updated_at: updated },
  ];
}
