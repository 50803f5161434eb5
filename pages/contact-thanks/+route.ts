// Where the contact form leads once the request is saved (the function's 303, or the enhanced form).
export default '/contact/thanks';
