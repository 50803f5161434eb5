// Imported first by the build script: React picks its development or production build when it is first
// loaded, and the content loader loads it (for icon names) before Vike's prerender does.
process.env.NODE_ENV = 'production';
