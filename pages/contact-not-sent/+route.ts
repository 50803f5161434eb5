// Where the contact form leads, without JavaScript, when the function refused it: /contact/not-sent#<reason>.
export default '/contact/not-sent';
