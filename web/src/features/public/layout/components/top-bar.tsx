import { useEffect, useState } from 'react';
import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from '../../routing/public-router';
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../../../lib/theme-tokens';
import { DismissRegular, NavigationRegular } from '@fluentui/react-icons';
import { PublicUiMessages as M } from '@folio/shared';
import { scrollToId } from '../../../../lib/smooth-scroll';
import { NAV_ITEMS } from '../nav-items';
import type { SectionId } from '../nav-items';
import { useScrollState } from '../hooks/use-scroll-state';
import { Button } from '../../../../components/ui/button';

const NARROW = '@media (max-width: 767px)';

const useStyles = makeStyles({
  bar: {
    position: 'fixed',
    top: 0,
    left: 0,
    right: 0,
    zIndex: 100,
    height: '64px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid transparent`,
    transitionProperty: 'background-color, border-color, backdrop-filter',
    transitionDuration: '200ms',
  },
  scrolled: {
    backgroundColor: `color-mix(in srgb, ${tokens.colorNeutralBackground1} 72%, transparent)`,
    backdropFilter: 'blur(12px)',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow4,
  },
  inner: {
    maxWidth: '1120px',
    height: '100%',
    margin: '0 auto',
    padding: '0 20px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '16px',
  },
  brand: {
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '4px', borderRadius: '4px' },
  },
  links: {
    display: 'flex',
    gap: '4px',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    [NARROW]: { display: 'none' },
  },
  linksOpen: {
    [NARROW]: {
      display: 'flex',
      flexDirection: 'column',
      position: 'absolute',
      top: '64px',
      left: 0,
      right: 0,
      padding: '8px 16px 16px',
      backgroundColor: tokens.colorNeutralBackground1,
      borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
      boxShadow: tokens.shadow16,
    },
  },
  link: {
    display: 'block',
    padding: '8px 12px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecoration: 'none',
    fontSize: tokens.fontSizeBase300,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
    [NARROW]: { padding: '12px' },
  },
  active: {
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
    fontWeight: tokens.fontWeightSemibold,
  },
  toggle: { display: 'none', [NARROW]: { display: 'inline-flex' } },
});

/** The fixed public top bar: site name, the six section links and the phone menu (SPEC 2). */
export function TopBar({ siteName }: { siteName: string }) {
  const styles = useStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const onLanding = location.pathname === '/';
  const { scrolled, active } = useScrollState(onLanding);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<SectionId | null>(null);

  // A chosen link stays highlighted while its smooth scroll runs, then the scroll spy takes over.
  useEffect(() => {
    if (!chosen) return;
    const timer = window.setTimeout(() => setChosen(null), 700);
    return () => window.clearTimeout(timer);
  }, [chosen]);

  const go = (event: MouseEvent<HTMLAnchorElement>, id: SectionId) => {
    event.preventDefault();
    setOpen(false);
    if (onLanding) {
      setChosen(id);
      scrollToId(id);
      window.history.replaceState(window.history.state, '', `#${id}`);
    } else {
      navigate(`/#${id}`);
    }
  };

  const current = chosen ?? active;
  return (
    <header
      className={mergeClasses(styles.bar, (scrolled || open) && styles.scrolled)}
      data-scrolled={scrolled ? 'true' : 'false'}
    >
      <nav className={styles.inner} aria-label={M.mainNavigation}>
        <Link to="/" className={styles.brand}>
          {siteName}
        </Link>
        <Button
          className={styles.toggle}
          appearance="subtle"
          icon={open ? <DismissRegular /> : <NavigationRegular />}
          aria-label={open ? M.closeMenu : M.openMenu}
          aria-expanded={open}
          aria-controls="public-nav-links"
          onClick={() => setOpen((value) => !value)}
        />
        <ul id="public-nav-links" className={mergeClasses(styles.links, open && styles.linksOpen)}>
          {NAV_ITEMS.map((item) => (
            <li key={item.id}>
              <a
                href={onLanding ? `#${item.id}` : `/#${item.id}`}
                className={mergeClasses(styles.link, current === item.id && styles.active)}
                aria-current={current === item.id ? 'location' : undefined}
                onClick={(event) => go(event, item.id)}
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
