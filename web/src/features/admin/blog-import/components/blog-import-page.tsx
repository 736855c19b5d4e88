import { useState } from 'react';
import { makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { BlogImportUiMessages as M, UiMessages } from '@folio/shared';
import { PageHeader } from '../../components/page-header';
import { usePageStyles } from '../../components/page.styles';
import { useFollowedImport } from '../hooks/use-followed-import';
import { BlogImportForm } from './blog-import-form';
import { ImportJobView } from './import-job-view';

const useStyles = makeStyles({
  intro: { maxWidth: '720px', color: tokens.colorNeutralForeground2 },
});

/**
 * 导入博客 (server/API.md §E21): a WordPress, Ghost or static-site export in, followed phase by
 * phase to its report. The desktop app shows the same screen inside its admin.
 */
export default function BlogImportPage() {
  const styles = useStyles();
  const page = usePageStyles();
  const followed = useFollowedImport();
  const [fileName, setFileName] = useState<string | null>(null);

  return (
    <div className={page.stack}>
      <PageHeader title={M.title} />
      <Text as="p" className={mergeClasses(page.heading, styles.intro)}>
        {M.intro}
      </Text>
      {followed.resuming ? (
        <Spinner label={UiMessages.loading} />
      ) : followed.job ? (
        <ImportJobView
          job={followed.job}
          fileName={fileName}
          progressFailed={followed.progressFailed}
          onCancelled={followed.follow}
          onImportAnother={() => {
            setFileName(null);
            followed.forget();
          }}
        />
      ) : (
        <BlogImportForm
          onStarted={(job, name) => {
            setFileName(name);
            followed.follow(job);
          }}
        />
      )}
    </div>
  );
}
