// The templates feature's public entry: the gallery ('new from template'), 'save as template',
// a space's template list for its settings, and the start screen of an empty page. /sys/templates loads its screen lazily.
export { TemplateGalleryDialog } from './components/TemplateGalleryDialog';
export { SaveTemplateDialog, type SaveTemplateTarget } from './components/SaveTemplateDialog';
export { PageStartScreen } from './components/PageStartScreen';
export { TemplateListSettings } from './components/TemplateListSettings';
