import type { ReactNode } from 'react';
import { useState } from 'react';
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, tokens, Tooltip } from '@fluentui/react-components';
import { AddRegular, ArrowClockwiseRegular, DeleteRegular, SaveRegular } from '@fluentui/react-icons';
import { AdminUiMessages, SNACKBAR_MS, UiMessages } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { useConfirmLeave, useUnsavedChanges } from '../../hooks/use-unsaved-changes';
import type { OrderedResource } from '../hooks/use-ordered-editor';
import type { Editable } from '../model/save-plan';
import { useOrderedEditor } from '../hooks/use-ordered-editor';
import { SortableList } from './sortable-list';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
  },
  fields: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  footer: { marginTop: tokens.spacingVerticalM },
  error: { marginBottom: tokens.spacingVerticalM },
});

export interface OrderedCardsEditorProps<F extends object> {
  title: string;
  /** Singular noun for labels, e.g. '技能'. */
  noun: string;
  resource: OrderedResource<F>;
  deleteConfirmText: string;
  /** A short name for a card, used in accessible labels. */
  describe: (item: Editable<F>, index: number) => string;
  renderFields: (item: Editable<F>, update: (patch: Partial<F>) => void) => ReactNode;
}

/** The sortable-cards screen shared by skills and contacts (docs/spec.md §2.5 and §4.6). */
export function OrderedCardsEditor<F extends object>({
  title,
  noun,
  resource,
  deleteConfirmText,
  describe,
  renderFields,
}: OrderedCardsEditorProps<F>) {
  const styles = useStyles();
  const api = useAdminApi();
  const notify = useNotify();
  const confirmLeave = useConfirmLeave();
  const editor = useOrderedEditor(api, resource);
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useUnsavedChanges(resource.name, editor.dirty);

  const save = async () => {
    setSaving(true);
    try {
      await editor.save();
      notify(UiMessages.saved, 'success', SNACKBAR_MS.articles);
    } catch (error) {
      notify(`${UiMessages.saveFailed}: ${errorMessage(error, UiMessages.networkError)}`, 'error', SNACKBAR_MS.articles);
    } finally {
      setSaving(false);
    }
  };

  const refresh = () => {
    if (!editor.dirty || confirmLeave())
      void editor
        .load()
        .catch((error: unknown) => notify(errorMessage(error, UiMessages.networkError), 'error', SNACKBAR_MS.articles));
  };

  const actions = (
    <>
      <Button icon={<ArrowClockwiseRegular />} onClick={refresh} disabled={saving}>
        {UiMessages.refresh}
      </Button>
      <Button appearance="primary" icon={<SaveRegular />} onClick={() => void save()} disabled={saving || editor.loading}>
        {UiMessages.saveAll}
      </Button>
    </>
  );

  return (
    <section>
      <PageHeader title={title} actions={actions} />
      {editor.loadError !== null && (
        <MessageBar intent="error" className={styles.error}>
          <MessageBarBody>{errorMessage(editor.loadError, UiMessages.networkError)}</MessageBarBody>
        </MessageBar>
      )}
      {editor.loading && editor.items.length === 0 ? (
        <Spinner label={UiMessages.loading} />
      ) : (
        <>
          {editor.items.length === 0 && <EmptyState text={AdminUiMessages.emptyOf(noun)} />}
          <SortableList
            items={editor.items}
            getKey={(item) => item.key}
            handleLabel={(item, index) => AdminUiMessages.dragItem(describe(item, index))}
            onReorder={editor.setItems}
            renderItem={(item, index, handle) => (
              <div className={styles.card} data-testid="sortable-card">
                {handle}
                <div className={styles.fields}>{renderFields(item, (patch) => editor.update(item.key, patch))}</div>
                <div className={styles.side}>
                  <Tooltip content={AdminUiMessages.addAfter(noun)} relationship="label">
                    <Button appearance="subtle" icon={<AddRegular />} onClick={() => editor.addAfter(item.key)} />
                  </Tooltip>
                  <Tooltip content={AdminUiMessages.deleteNounItem(noun, describe(item, index))} relationship="label">
                    <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => setPendingDelete(item.key)} />
                  </Tooltip>
                </div>
              </div>
            )}
          />
          <div className={styles.footer}>
            <Button icon={<AddRegular />} onClick={() => editor.addAfter(null)}>
              {AdminUiMessages.addNoun(noun)}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={UiMessages.confirmDelete}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => {
          if (pendingDelete) editor.remove(pendingDelete);
          setPendingDelete(null);
        }}
      >
        {deleteConfirmText}
      </ConfirmDialog>
    </section>
  );
}
