import { Badge, makeStyles, Tooltip } from '@fluentui/react-components';
import { CloudCheckmarkRegular, CloudOffRegular } from '@fluentui/react-icons';
import { DesktopUiMessages as M } from '@folio/shared';

const useStyles = makeStyles({ badge: { whiteSpace: 'nowrap' } });

/** Always on screen: the owner must know whether a publish would reach the server right now. */
export function ConnectivityIndicator({ online, serverUrl }: { online: boolean; serverUrl: string | null }) {
  const styles = useStyles();
  const hint = online ? (serverUrl ? M.onlineHint(serverUrl) : M.notSignedIn) : M.offlineHint;
  return (
    <Tooltip content={hint} relationship="description" withArrow>
      <Badge
        className={styles.badge}
        role="status"
        aria-live="polite"
        data-testid="connectivity"
        data-online={online ? 'true' : 'false'}
        appearance="tint"
        color={online ? 'success' : 'warning'}
        size="large"
        icon={online ? <CloudCheckmarkRegular /> : <CloudOffRegular />}
      >
        {online ? M.online : M.offline}
      </Badge>
    </Tooltip>
  );
}
