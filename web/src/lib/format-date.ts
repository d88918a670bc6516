export { formatDateTime } from '../i18n/format';
