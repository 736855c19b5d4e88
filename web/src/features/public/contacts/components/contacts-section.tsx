import { makeStyles, shorthands } from '@fluentui/react-components';
import { tokens } from '../../../../lib/theme-tokens';
import { ChatRegular, CallRegular, MailRegular, PersonChatRegular, LinkRegular, CopyRegular } from '@fluentui/react-icons';
import type { FluentIcon } from '@fluentui/react-icons';
import { CONTACT_TYPE_LABELS, PublicUiMessages as M, SNACKBAR_MS, CommonUiMessages } from '@folio/shared';
import type { KnownContactType } from '@folio/shared';
import { PageSection } from '../../../../components/page-section';
import { useNotify } from '../../../../components/notify';
import { copyText } from '../../../../lib/share';
import { useSanitizedHtml } from '../../../../lib/owner-html';
import { useSiteBlocks } from '../../layout/hooks/site-blocks-context';
import { useContacts } from '../hooks/use-contacts';

const ICONS: Record<KnownContactType, FluentIcon> = {
  email: MailRegular,
  phone: CallRegular,
  wechat: ChatRegular,
  qq: PersonChatRegular,
  other: LinkRegular,
};

const isKnown = (type: string): type is KnownContactType => Object.hasOwn(CONTACT_TYPE_LABELS, type);

const useStyles = makeStyles({
  description: { margin: '0 0 24px', color: tokens.colorNeutralForeground2, lineHeight: '1.7', fontSize: tokens.fontSizeBase400 },
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(290px, 1fr))',
    gap: '16px',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  item: {
    position: 'relative',
    width: '100%',
    display: 'flex',
    alignItems: 'center',
    gap: '14px',
    padding: '16px 18px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    cursor: 'pointer',
    textAlign: 'left',
    fontFamily: 'inherit',
    fontSize: 'inherit',
    transitionProperty: 'border-color, box-shadow, transform',
    transitionDuration: '150ms',
    ':hover': { ...shorthands.borderColor(tokens.colorBrandStroke1), boxShadow: tokens.shadow8, transform: 'translateY(-1px)' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  icon: {
    flexShrink: 0,
    width: '44px',
    height: '44px',
    borderRadius: '50%',
    display: 'grid',
    placeItems: 'center',
    fontSize: '22px',
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
  },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  type: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  value: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  copy: { color: tokens.colorNeutralForeground3, fontSize: '18px' },
  empty: { color: tokens.colorNeutralForeground3 },
  // Read by screen readers only; the copy icon says the same to sighted users.
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
});

/** The contact description and contacts; a click copies the value (SPEC 2). */
export function ContactsSection() {
  const styles = useStyles();
  const { home } = useSiteBlocks();
  const contacts = useContacts();
  const notify = useNotify();
  const description = useSanitizedHtml(home.contact_description ?? '');

  const copy = async (value: string) => {
    try {
      await copyText(value);
      notify(CommonUiMessages.copied, { timeout: SNACKBAR_MS.contactCopy });
    } catch {
      notify(value, { intent: 'info', timeout: SNACKBAR_MS.contactCopy });
    }
  };

  return (
    <PageSection id="contact" title={M.navContact} alternate>
      {description && <div className={styles.description} dangerouslySetInnerHTML={{ __html: description }} />}
      {contacts.length === 0 ? (
        <p className={styles.empty}>{M.noContacts}</p>
      ) : (
        <ul className={styles.list}>
          {contacts.map((contact) => {
            const type = isKnown(contact.type) ? contact.type : 'other';
            const Icon = ICONS[type];
            const label = CONTACT_TYPE_LABELS[type];
            return (
              <li key={contact.id}>
                <button
                  type="button"
                  className={styles.item}
                  data-testid="contact-item"
                  data-type={type}
                  onClick={() => void copy(contact.value)}
                >
                  {/* The name comes from the content (action, then the visible type and value), so
                      what a speech-input user reads on screen is part of it (WCAG 2.5.3). */}
                  <span className={styles.visuallyHidden}>{M.copyContact}</span>
                  <span className={styles.icon} aria-hidden="true">
                    <Icon />
                  </span>
                  <span className={styles.text}>
                    <span className={styles.type}>{label}</span>
                    <span className={styles.value}>{contact.value}</span>
                  </span>
                  <CopyRegular className={styles.copy} aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </PageSection>
  );
}
