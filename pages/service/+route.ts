// Every service lives at a top-level path named after its file: content/services/meal-preparation.yaml -> /meal-preparation.
export default '/@slug';
