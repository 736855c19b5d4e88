import { Badge, Checkbox, Dropdown, makeStyles, Option, TableCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { DesktopUiMessages as M, FolderImportMessages as F } from '@folio/shared';
import type { ImportCandidate } from '../../channels';
import { DesktopTable } from '../components/desktop-table';
import { formatDateTime } from '../web-admin';
import { canSelect, needsAcceptance } from './import-selection';

export type DuplicateChoice = 'skip' | 'update' | 'import-as-new';

const CHOICE_LABELS: Record<DuplicateChoice, string> = {
  skip: M.duplicateSkip,
  update: M.duplicateUpdate,
  'import-as-new': M.duplicateImportAsNew,
};

function isChoice(value: string | undefined): value is DuplicateChoice {
  return value !== undefined && Object.hasOwn(CHOICE_LABELS, value);
}

const useStyles = makeStyles({
  scroller: { overflowX: 'auto', maxHeight: 'calc(100vh - 330px)', overflowY: 'auto' },
  table: { minWidth: '900px' },
  check: { width: '44px' },
  meta: { width: '120px' },
  media: { width: '84px' },
  titleColumn: { width: '18%' },
  problemsColumn: { width: '24%' },
  duplicate: { width: '156px' },
  stack: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0, padding: `${tokens.spacingVerticalXS} 0` },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  clamp: {
    overflow: 'hidden',
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflowWrap: 'anywhere',
  },
  muted: { color: tokens.colorNeutralForeground3 },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorPaletteDarkOrangeForeground1 },
  blockingProblems: { color: tokens.colorPaletteRedForeground1 },
  accept: { marginLeft: `calc(-1 * ${tokens.spacingHorizontalS})` },
  tags: { display: 'flex', flexWrap: 'wrap', gap: '2px' },
  dropdown: { minWidth: '140px', width: '140px' },
});

export interface ImportPreviewTableProps {
  candidates: ImportCandidate[];
  selected: ReadonlySet<string>;
  choices: Readonly<Record<string, DuplicateChoice>>;
  /** Files whose broken image links the owner accepted. */
  accepted: ReadonlySet<string>;
  onToggle: (path: string, on: boolean) => void;
  onAccept: (path: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  onChoose: (path: string, choice: DuplicateChoice) => void;
}

/** Every scanned file with what was read from it and what is wrong with it; the owner picks. */
export function ImportPreviewTable({
  candidates,
  selected,
  choices,
  accepted,
  onToggle,
  onAccept,
  onToggleAll,
  onChoose,
}: ImportPreviewTableProps) {
  const styles = useStyles();
  const importable = candidates.filter((candidate) => canSelect(candidate, accepted));
  const allOn = importable.length > 0 && importable.every((candidate) => selected.has(candidate.path));
  const someOn = importable.some((candidate) => selected.has(candidate.path));
  return (
    <div className={styles.scroller}>
      <DesktopTable
        label={M.importTitle}
        className={styles.table}
        columns={[
          {
            key: 'check',
            className: styles.check,
            header: (
              <Checkbox
                aria-label={M.selectAll}
                checked={allOn ? true : someOn ? 'mixed' : false}
                onChange={(_, data) => onToggleAll(data.checked === true)}
              />
            ),
          },
          { key: 'title', header: `${M.columnTitle} / ${M.columnDate}`, className: styles.titleColumn },
          { key: 'meta', header: `${M.columnCategory} / ${M.columnTags}`, className: styles.meta },
          { key: 'summary', header: M.columnSummary },
          { key: 'media', header: `${M.columnCover} / ${M.columnImages}`, className: styles.media },
          { key: 'problems', header: M.columnProblems, className: styles.problemsColumn },
          { key: 'duplicate', header: M.columnDuplicate, className: styles.duplicate },
        ]}
      >
        {candidates.map((candidate) => {
          // Missing images and ones the server would refuse do not go in; the count says so.
          const usableImages = candidate.images.filter((image) => !image.missing && !image.unsupported).length;
          const choice = choices[candidate.path] ?? 'skip';
          return (
            <TableRow
              key={candidate.path}
              data-testid="import-candidate"
              data-path={candidate.relativePath}
              data-selected={selected.has(candidate.path)}
            >
              <TableCell className={styles.check}>
                <Checkbox
                  aria-label={M.selectFile(candidate.relativePath)}
                  disabled={!canSelect(candidate, accepted)}
                  checked={selected.has(candidate.path)}
                  onChange={(_, data) => onToggle(candidate.path, data.checked === true)}
                />
              </TableCell>
              <TableCell>
                <div className={styles.stack}>
                  <Text weight="semibold" className={styles.ellipsis} title={candidate.title}>
                    {candidate.title || M.untitled}
                  </Text>
                  <Text size={200} className={`${styles.ellipsis} ${styles.muted}`} title={candidate.path}>
                    {candidate.relativePath}
                  </Text>
                  {candidate.date && (
                    <Text size={200} className={styles.muted}>
                      {formatDateTime(candidate.date).split(' ')[0]}
                    </Text>
                  )}
                </div>
              </TableCell>
              <TableCell className={styles.meta}>
                <div className={styles.stack}>
                  <Text size={200} className={styles.ellipsis}>
                    {candidate.category}
                  </Text>
                  <div className={styles.tags}>
                    {candidate.tags.map((tag) => (
                      <Badge key={tag} size="small" appearance="outline">
                        {tag}
                      </Badge>
                    ))}
                  </div>
                </div>
              </TableCell>
              <TableCell>
                <Text size={200} className={styles.clamp} title={candidate.summary}>
                  {candidate.summary}
                </Text>
              </TableCell>
              <TableCell className={styles.media}>
                <div className={styles.stack}>
                  <Text size={200} className={styles.ellipsis} title={candidate.cover ?? ''}>
                    {candidate.cover ? `${M.columnCover} ✓` : ''}
                  </Text>
                  <Text size={200}>
                    {candidate.images.length > 0 ? `${M.columnImages} ${usableImages}/${candidate.images.length}` : ''}
                  </Text>
                </div>
              </TableCell>
              <TableCell>
                {candidate.problems.length === 0 ? (
                  <Text size={200} className={styles.muted}>
                    {M.noProblems}
                  </Text>
                ) : (
                  <>
                    <ul className={`${styles.problems} ${candidate.blocking ? styles.blockingProblems : ''}`}>
                      {candidate.problems.map((problem, index) => (
                        <li key={index} data-kind={problem.kind}>
                          <Text size={200}>{problem.message}</Text>
                        </li>
                      ))}
                    </ul>
                    {needsAcceptance(candidate) && !candidate.blocking && (
                      <Checkbox
                        className={styles.accept}
                        size="medium"
                        label={<Text size={200}>{F.acceptBrokenLinks}</Text>}
                        checked={accepted.has(candidate.path)}
                        onChange={(_, data) => onAccept(candidate.path, data.checked === true)}
                      />
                    )}
                  </>
                )}
              </TableCell>
              <TableCell className={styles.duplicate}>
                <div className={styles.stack}>
                  {candidate.sameTitleAs.length > 0 && (
                    <Badge appearance="tint" color="warning" title={candidate.sameTitleAs.join('、')}>
                      {F.sameTitleInFolderBadge}
                    </Badge>
                  )}
                  {candidate.duplicateOf && (
                    <Dropdown
                      className={styles.dropdown}
                      size="small"
                      aria-label={`${M.duplicateTitle}：${candidate.relativePath}`}
                      value={CHOICE_LABELS[choice]}
                      selectedOptions={[choice]}
                      disabled={!selected.has(candidate.path)}
                      onOptionSelect={(_, data) => isChoice(data.optionValue) && onChoose(candidate.path, data.optionValue)}
                    >
                      {(Object.keys(CHOICE_LABELS) as DuplicateChoice[]).map((value) => (
                        <Option key={value} value={value}>
                          {CHOICE_LABELS[value]}
                        </Option>
                      ))}
                    </Dropdown>
                  )}
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </DesktopTable>
    </div>
  );
}
