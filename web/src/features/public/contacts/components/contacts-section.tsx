import { CallRegular } from '@fluentui/react-icons/headless/svg/call';
import { ChatRegular } from '@fluentui/react-icons/headless/svg/chat';
import { CopyRegular } from '@fluentui/react-icons/headless/svg/copy';
import { LinkRegular } from '@fluentui/react-icons/headless/svg/link';
import { MailRegular } from '@fluentui/react-icons/headless/svg/mail';
import { PersonChatRegular } from '@fluentui/react-icons/headless/svg/person-chat';
import type { FluentIcon } from '@fluentui/react-icons/headless';
import { CONTACT_TYPE_LABELS, PublicUiMessages as M, SNACKBAR_MS, CommonUiMessages } from '@folio/shared';
import type { KnownContactType } from '@folio/shared';
import { PageSection } from '../../../../components/page-section';
import { useNotify } from '../../../../components/notify';
import { copyText } from '../../../../lib/share';
import { useSanitizedHtml } from '../../../../lib/owner-html';
import { useSiteBlocks } from '../../layout/hooks/site-blocks-context';
import { useContacts } from '../hooks/use-contacts';
import styles from './contacts-section.module.css';

const ICONS: Record<KnownContactType, FluentIcon> = {
  email: MailRegular,
  phone: CallRegular,
  wechat: ChatRegular,
  qq: PersonChatRegular,
  other: LinkRegular,
};

const isKnown = (type: string): type is KnownContactType => Object.hasOwn(CONTACT_TYPE_LABELS, type);

/** The contact description and contacts; a click copies the value (docs/spec.md §2.2). */
export function ContactsSection() {
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
