import { makeStyles, Text, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  empty: {
    padding: tokens.spacingVerticalXXL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
    border: `1px dashed ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
  },
});

export function EmptyState({ text }: { text: string }) {
  return (
    <div className={useStyles().empty}>
      <Text>{text}</Text>
    </div>
  );
}
