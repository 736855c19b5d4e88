import { describe, expect, it } from 'vitest';
import type { StorageHealthStatus } from '@folio/shared';
import { storageWarning } from './storage-warning';

const status = (fields: Partial<StorageHealthStatus> = {}): StorageHealthStatus => ({
  state: 'ok',
  last_failure: null,
  disk: { free_bytes: 50 * 1024 ** 3, total_bytes: 100 * 1024 ** 3 },
  low_space: false,
  ...fields,
});

const failure = {
  operation: 'compaction',
  at: '2026-11-29T06:10:00.000Z',
  message: '后台整理文章索引失败：磁盘已满。',
  code: 'ENOSPC',
} as const;
const time = (iso: string) => `时间 ${iso}`;

describe('storageWarning', () => {
  it('says nothing while all is well, even with a failure long recovered', () => {
    expect(storageWarning(status(), time)).toBeNull();
    expect(storageWarning(status({ last_failure: failure }), time)).toBeNull();
    expect(storageWarning(null, time)).toBeNull();
  });

  it('names the last failure with its time while writes fail, and the space left when low', () => {
    const warning = storageWarning(
      status({ state: 'failing', last_failure: failure, low_space: true, disk: { free_bytes: 5 * 1024 * 1024, total_bytes: 1 } }),
      time,
    );
    expect(warning).toEqual({
      title: '数据目录写入失败',
      lines: [`时间 ${failure.at}：${failure.message}`, '数据目录所在的磁盘只剩 5.0 MB，之后的保存可能失败。'],
    });
  });

  it('says what to do while every save is refused, and warns of low space on its own', () => {
    expect(storageWarning(status({ state: 'refusing', last_failure: failure }), time)?.lines[0]).toBe(
      '请检查磁盘并腾出空间：下一次保存会再试；仍然失败时请重启服务器。',
    );
    expect(storageWarning(status({ low_space: true, disk: { free_bytes: 150 * 1024 * 1024, total_bytes: 1 } }), time)).toEqual({
      title: '磁盘空间不足',
      lines: ['数据目录所在的磁盘只剩 150 MB，之后的保存可能失败。'],
    });
  });
});
