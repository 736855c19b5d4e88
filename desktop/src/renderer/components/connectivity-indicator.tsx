import { Badge, makeStyles, Tooltip } from '@fluentui/react-components';
import { CloudCheckmarkRegular, CloudOffRegular } from '@fluentui/react-icons';
import { DesktopUiMessages as M } from '@folio/shared';

const useStyles = makeStyles({ badge: { whiteSpace: 'nowrap' } });

/** Always on screen: the owner must know whether a publish would reach the server right now. */
export function ConnectivityIndicator({ online, serverUrl }: { online: boolean; serverUrl: string | null }) {
  const styles = useStyles();
  // Without a server there is nothing to be on- or offline with: say so instead of a green 在线.
  const connected = serverUrl !== null;
  const hint = !connected ? M.notSignedIn : online ? M.onlineHint(serverUrl) : M.offlineHint;
  return (
    <Tooltip content={hint} relationship="description" withArrow>
      <Badge
        className={styles.badge}
        role="status"
        aria-live="polite"
        data-testid="connectivity"
        data-online={online ? 'true' : 'false'}
        appearance="tint"
        color={!connected ? 'informative' : online ? 'success' : 'warning'}
        size="large"
        icon={connected && online ? <CloudCheckmarkRegular /> : <CloudOffRegular />}
      >
        {!connected ? M.notSignedIn : online ? M.online : M.offline}
      </Badge>
    </Tooltip>
  );
}
