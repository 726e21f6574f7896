// react-admin's notification in a module of its own, loaded with the first message (NotificationOnDemand.tsx).
export { Notification } from 'react-admin';
