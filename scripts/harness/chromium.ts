/**
 * How every script and test here starts Debian's chromium (never a downloaded browser): without the
 * background-networking flags, chromium keeps trying hosts this machine cannot reach.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
};
