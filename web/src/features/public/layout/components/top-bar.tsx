import { useEffect, useState } from 'react';
import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from '../../routing/public-router';
import { clsx } from 'clsx';
import { DismissRegular } from '@fluentui/react-icons/headless/svg/dismiss';
import { NavigationRegular } from '@fluentui/react-icons/headless/svg/navigation';
import { PublicUiMessages as M } from '@folio/shared';
import { scrollToId } from '../../../../lib/smooth-scroll';
import { NAV_ITEMS } from '../nav-items';
import type { SectionId } from '../nav-items';
import { useScrollState } from '../hooks/use-scroll-state';
import { Button } from '../../../../components/ui/button';
import styles from './top-bar.module.css';

/** The fixed public top bar: site name, the six section links and the phone menu (docs/spec.md §2.1). */
export function TopBar({ siteName }: { siteName: string }) {
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
    <header className={clsx(styles.bar, (scrolled || open) && styles.scrolled)} data-scrolled={scrolled ? 'true' : 'false'}>
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
        <ul id="public-nav-links" className={clsx(styles.links, open && styles.linksOpen)}>
          {NAV_ITEMS.map((item) => (
            <li key={item.id}>
              <a
                href={onLanding ? `#${item.id}` : `/#${item.id}`}
                className={clsx(styles.link, current === item.id && styles.active)}
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
