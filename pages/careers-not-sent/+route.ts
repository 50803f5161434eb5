// Where the application form leads, without JavaScript, when the function refused it: /careers/not-sent#<reason>.
export default '/careers/not-sent';
