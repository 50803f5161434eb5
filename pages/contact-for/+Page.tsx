// The contact page itself, with the service the visitor came from ticked on the form (see +data.ts).
export { default } from '../contact/+Page.tsx';
