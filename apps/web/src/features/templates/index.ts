// The templates feature's public entry: the gallery ('new from template'), 'save as template',
// and a space's template list for its settings. /sys/templates loads its screen lazily.
export { TemplateGalleryDialog } from './components/TemplateGalleryDialog';
export { SaveTemplateDialog, type SaveTemplateTarget } from './components/SaveTemplateDialog';
export { TemplateListSettings } from './components/TemplateListSettings';
