import { Button, Field, Input, makeStyles, Switch, Text, tokens } from '@fluentui/react-components';
import { DeleteRegular, FolderOpenRegular } from '@fluentui/react-icons';
import { BackupScreenMessages as M } from '@folio/shared';
import { usePageStyles } from '../../components/page.styles';
import type { TargetForm } from '../model/backup-form';
import { targetLabel } from '../model/backup-form';
import { SecretInput } from './secret-input';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
  },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** One backup target's fields by kind (server/API.md §E22), with 查看远端备份 and 移除. */
export function BackupTargetCard({
  target,
  onChange,
  onRemove,
  onShowRemote,
}: {
  target: TargetForm;
  onChange: (next: TargetForm) => void;
  onRemove: () => void;
  onShowRemote: () => void;
}) {
  const styles = useStyles();
  const page = usePageStyles();
  const label = targetLabel(target);
  return (
    <section className={`${page.card} ${styles.card}`} aria-label={label} data-testid="backup-target">
      <div className={styles.head}>
        <Text as="h4" weight="semibold" className={page.heading}>
          {label}
        </Text>
        <div className={styles.actions}>
          <Button icon={<FolderOpenRegular />} onClick={onShowRemote}>
            {M.remoteShow}
          </Button>
          <Button appearance="subtle" icon={<DeleteRegular />} aria-label={M.removeTarget(label)} onClick={onRemove} />
        </div>
      </div>
      <div className={styles.fields}>
        {target.kind === 'folder' && (
          <Field label={M.folderPath} hint={M.folderPathHint}>
            <Input value={target.path} onChange={(_, data) => onChange({ ...target, path: data.value })} />
          </Field>
        )}
        {target.kind === 'webdav' && (
          <>
            <Field label={M.webdavUrl}>
              <Input
                type="url"
                value={target.url}
                placeholder="https://dav.example.com/folio"
                onChange={(_, data) => onChange({ ...target, url: data.value })}
              />
            </Field>
            <Field label={M.webdavUsername}>
              <Input
                autoComplete="off"
                value={target.username}
                onChange={(_, data) => onChange({ ...target, username: data.value })}
              />
            </Field>
            <SecretInput
              label={M.webdavPassword}
              field={target.password}
              onChange={(password) => onChange({ ...target, password })}
            />
          </>
        )}
        {target.kind === 's3' && (
          <>
            <Field label={M.s3Endpoint}>
              <Input
                type="url"
                value={target.endpoint}
                placeholder="https://s3.example.com"
                onChange={(_, data) => onChange({ ...target, endpoint: data.value })}
              />
            </Field>
            <Field label={M.s3Region}>
              <Input value={target.region} onChange={(_, data) => onChange({ ...target, region: data.value })} />
            </Field>
            <Field label={M.s3Bucket}>
              <Input value={target.bucket} onChange={(_, data) => onChange({ ...target, bucket: data.value })} />
            </Field>
            <Field label={M.s3Prefix}>
              <Input value={target.prefix} onChange={(_, data) => onChange({ ...target, prefix: data.value })} />
            </Field>
            <Field label={M.s3AccessKey}>
              <Input
                autoComplete="off"
                value={target.access_key_id}
                onChange={(_, data) => onChange({ ...target, access_key_id: data.value })}
              />
            </Field>
            <SecretInput
              label={M.s3SecretKey}
              field={target.secret_access_key}
              onChange={(secret_access_key) => onChange({ ...target, secret_access_key })}
            />
            <Switch
              label={M.s3PathStyle}
              checked={target.force_path_style}
              onChange={(_, data) => onChange({ ...target, force_path_style: data.checked })}
            />
          </>
        )}
      </div>
    </section>
  );
}
