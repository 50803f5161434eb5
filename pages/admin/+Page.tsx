export { App as default } from '../../src/admin/App.tsx';
