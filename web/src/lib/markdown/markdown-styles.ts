import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../theme-tokens';

// Syntax colours for light and dark (the theme follows the system setting, so does this).
// Both palettes keep at least 4.5:1 contrast on the code block background (WCAG AA).
const light = {
  comment: '#57606a',
  keyword: '#b31d28',
  string: '#0a3069',
  number: '#0550ae',
  func: '#6639ba',
  tag: '#116329',
  punct: '#424a53',
};
const dark = {
  comment: '#8b949e',
  keyword: '#ff7b72',
  string: '#a5d6ff',
  number: '#79c0ff',
  func: '#d2a8ff',
  tag: '#7ee787',
  punct: '#c9d1d9',
};

const tokenColours = (palette: typeof light) => ({
  '& .token.comment, & .token.prolog, & .token.doctype, & .token.cdata': { color: palette.comment, fontStyle: 'italic' },
  '& .token.keyword, & .token.operator, & .token.important, & .token.atrule': { color: palette.keyword },
  '& .token.string, & .token.char, & .token.regex, & .token.attr-value, & .token.template-string': { color: palette.string },
  '& .token.number, & .token.boolean, & .token.constant, & .token.property, & .token.builtin': { color: palette.number },
  '& .token.function, & .token.class-name': { color: palette.func },
  '& .token.tag, & .token.selector, & .token.inserted, & .token.attr-name': { color: palette.tag },
  '& .token.punctuation': { color: palette.punct },
  '& .token.deleted': { color: palette.keyword },
});

/** Readable article typography: line length, headings, code, tables, quotes and images. */
export const useMarkdownStyles = makeStyles({
  root: {
    color: tokens.colorNeutralForeground1,
    fontSize: '17px',
    lineHeight: '1.8',
    overflowWrap: 'break-word',
    '& h2, & h3, & h4, & h5, & h6': {
      lineHeight: '1.35',
      marginTop: '1.8em',
      marginBottom: '0.6em',
      fontWeight: tokens.fontWeightSemibold,
    },
    '& h2': { fontSize: '1.6em' },
    '& h3': { fontSize: '1.35em', paddingBottom: '0.3em', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
    '& h4': { fontSize: '1.15em' },
    '& p, & ul, & ol, & blockquote, & table, & pre': { marginTop: 0, marginBottom: '1.1em' },
    '& a': { color: tokens.colorBrandForegroundLink, textUnderlineOffset: '3px' },
    '& img': { maxWidth: '100%', height: 'auto', borderRadius: tokens.borderRadiusMedium },
    '& blockquote': {
      margin: '0 0 1.1em',
      padding: '4px 16px',
      borderLeft: `4px solid ${tokens.colorBrandStroke1}`,
      backgroundColor: tokens.colorNeutralBackground2,
      color: tokens.colorNeutralForeground2,
      borderRadius: `0 ${tokens.borderRadiusMedium} ${tokens.borderRadiusMedium} 0`,
    },
    '& :not(pre) > code': {
      fontFamily: tokens.fontFamilyMonospace,
      fontSize: '0.88em',
      padding: '2px 6px',
      borderRadius: tokens.borderRadiusSmall,
      backgroundColor: tokens.colorNeutralBackground3,
    },
    '& pre': {
      fontFamily: tokens.fontFamilyMonospace,
      fontSize: '14px',
      lineHeight: '1.6',
      padding: '16px',
      overflowX: 'auto',
      borderRadius: tokens.borderRadiusLarge,
      backgroundColor: tokens.colorNeutralBackground3,
      border: `1px solid ${tokens.colorNeutralStroke2}`,
      tabSize: 2,
    },
    '& pre code': { fontFamily: 'inherit', backgroundColor: 'transparent', padding: 0 },
    '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto', maxWidth: '100%' },
    '& th, & td': { border: `1px solid ${tokens.colorNeutralStroke1}`, padding: '6px 12px', textAlign: 'left' },
    '& th': { backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
    '& hr': { border: 'none', borderTop: `1px solid ${tokens.colorNeutralStroke2}`, margin: '2em 0' },
    ...tokenColours(light),
    '@media (prefers-color-scheme: dark)': tokenColours(dark),
  },
});
