// The contact page with a service ticked, one per service file: a service page's Schedule Consultation leads here.
// content/services/companionship.yaml -> /contact/for/companionship (src/routes.ts, contactForPath).
export default '/contact/for/@slug';
