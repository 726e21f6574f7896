// react-admin's notification (its Notification: a Snackbar showing the translated message, with
// "Undo" for an undoable change) loaded when the first message is queued, not with the console: a
// console shows nothing until then, and the Snackbar, its click-away listener and react-admin's
// component were in the first download (issue 26, decision 420). The queue is react-admin's
// notification context, so a message queued before the component is in is shown once it is. If
// the chunk cannot be fetched (the network is gone), the message stays queued and the load is tried
// again with the next message or when the browser is back online.
import { useEffect, useState, type ComponentType } from 'react';
import { useNotificationContext } from 'react-admin';

export function NotificationOnDemand() {
  const { notifications } = useNotificationContext();
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  const [online, setOnline] = useState(0);
  useEffect(() => {
    const again = () => setOnline((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);
  useEffect(() => {
    if (Loaded || notifications.length === 0) return;
    let live = true;
    import('./Notification.js')
      .then((m) => {
        if (live) setLoaded(() => m.Notification);
      })
      .catch(() => {
        // Not fetched (offline): tried again with the next message or when back online.
      });
    return () => {
      live = false;
    };
  }, [Loaded, notifications, online]);
  return Loaded ? <Loaded /> : null;
}
