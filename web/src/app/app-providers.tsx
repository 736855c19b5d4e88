import type { ReactNode } from 'react';
import { useLayoutEffect, useState } from 'react';
import { FluentProvider, makeStaticStyles, SSRProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components';

const darkQuery = '(prefers-color-scheme: dark)';

const useGlobalStyles = makeStaticStyles({
  body: { margin: 0 },
});

/**
 * Fluent UI theme that follows the system's light or dark setting. It starts light, as the
 * server renders it, and switches before the first paint, so hydration sees the same markup.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  useGlobalStyles();
  const [dark, setDark] = useState(false);
  useLayoutEffect(() => {
    const media = window.matchMedia(darkQuery);
    setDark(media.matches);
    const onChange = () => setDark(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return (
    <SSRProvider>
      <FluentProvider theme={dark ? webDarkTheme : webLightTheme} style={{ minHeight: '100vh' }}>
        {children}
      </FluentProvider>
    </SSRProvider>
  );
}
