import { useState } from 'react';
import { Button, Input, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { AdminUiMessages } from '@folio/shared';

const useStyles = makeStyles({
  root: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'nowrap' },
  input: { flex: 1, minWidth: 0 },
});

interface SearchFieldProps {
  /** Placeholder and accessible name, e.g. '按标题搜索'. */
  label: string;
  /** Called with the trimmed text on Enter or the 搜索 button. */
  onSearch: (text: string) => void;
  className?: string;
}

/** A search box that searches on Enter or on its 搜索 button, as every admin list does. */
export function SearchField({ label, onSearch, className }: SearchFieldProps) {
  const styles = useStyles();
  const [text, setText] = useState('');
  return (
    <div className={mergeClasses(styles.root, className)}>
      <Input
        className={styles.input}
        value={text}
        placeholder={label}
        aria-label={label}
        contentBefore={<SearchRegular />}
        onChange={(_, data) => setText(data.value)}
        onKeyDown={(event) => event.key === 'Enter' && onSearch(text.trim())}
      />
      <Button onClick={() => onSearch(text.trim())}>{AdminUiMessages.search}</Button>
    </div>
  );
}
