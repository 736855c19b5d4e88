import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { RealtimeEvents } from '@folio/shared';
import type { AboutBlockContent, HomeBlockContent } from '@folio/shared';
import { useSnapshot } from '../../../../lib/page-snapshot';
import { useLiveResource } from '../../../../lib/use-live-resource';
import { fetchSiteBlocks } from '../api/site-blocks.api';
import { pickBlocks } from '../model/site-blocks';

interface SiteBlocksValue {
  home: HomeBlockContent;
  about: AboutBlockContent;
  loaded: boolean;
}

const SiteBlocksContext = createContext<SiteBlocksValue>({ home: {}, about: {}, loaded: false });

/**
 * The site blocks, fetched once for the top bar and every landing section, refetched on
 * `site_block_updated`. A failure is ignored (docs/spec.md §8): sections show their defaults.
 */
export function SiteBlocksProvider({ children }: { children: ReactNode }) {
  const initial = useSnapshot('siteBlocks');
  const resource = useLiveResource(fetchSiteBlocks, { initial, events: [RealtimeEvents.siteBlocks] });
  const value = { ...pickBlocks(resource.data), loaded: resource.data !== undefined };
  return <SiteBlocksContext.Provider value={value}>{children}</SiteBlocksContext.Provider>;
}

export function useSiteBlocks(): SiteBlocksValue {
  return useContext(SiteBlocksContext);
}
