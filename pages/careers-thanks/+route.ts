// Where the application form leads once the application is saved (the function's 303, or the enhanced form).
export default '/careers/thanks';
