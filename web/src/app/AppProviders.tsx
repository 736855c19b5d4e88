import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components';

const darkQuery = '(prefers-color-scheme: dark)';

/** Fluent UI theme that follows the system's light or dark setting. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [dark, setDark] = useState(() => typeof window !== 'undefined' && window.matchMedia(darkQuery).matches);
  useEffect(() => {
    const media = window.matchMedia(darkQuery);
    const onChange = () => setDark(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return (
    <FluentProvider theme={dark ? webDarkTheme : webLightTheme} style={{ minHeight: '100vh' }}>
      {children}
    </FluentProvider>
  );
}
