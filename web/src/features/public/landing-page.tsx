import { useEffect } from 'react';
import { useLocation } from './routing/public-router';
import { PublicUiMessages as M, stripTags } from '@folio/shared';
import { scrollToId } from '../../lib/smooth-scroll';
import { AboutSection } from './about/components/about-section';
import { ArticlesSection } from './articles/components/articles-section';
import { ContactsSection } from './contacts/components/contacts-section';
import { HomeSection } from './home/components/home-section';
import { useSiteBlocks } from './layout/hooks/site-blocks-context';
import { ProjectsSection } from './projects/components/projects-section';
import { SkillsSection } from './skills/components/skills-section';
import { SubscribeForm } from './subscribe/components/subscribe-form';
import { usePageReady } from '../../lib/use-page-ready';

/** `/`: the landing page with its six anchored sections (docs/spec.md §2.1). */
export function LandingPage() {
  const location = useLocation();
  const { home } = useSiteBlocks();
  usePageReady();

  useEffect(() => {
    document.title = stripTags(home.title || M.siteNameFallback);
  }, [home.title]);

  // Arriving from another page with `/#skills`: scroll there once the sections are rendered.
  useEffect(() => {
    const id = location.hash.slice(1);
    if (id) scrollToId(id);
  }, [location.hash]);

  return (
    <>
      <HomeSection />
      <AboutSection />
      <SkillsSection />
      <ContactsSection />
      <ProjectsSection />
      <ArticlesSection />
      <SubscribeForm placement="landing" />
    </>
  );
}
