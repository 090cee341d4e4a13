//! Output formats: the listings of the resolved manifest (SPEC §5) and, in
//! their own modules, the renderings of lint findings (SPEC §6).

pub mod json;
pub mod table;
pub mod tsv;

/// `field` with every tab, CR and LF printed as one space, so a TSV line
/// keeps its six fields (SPEC §5.1).
pub fn flatten_field(field: &str) -> std::borrow::Cow<'_, str> {
    if field.contains(['\t', '\r', '\n']) {
        std::borrow::Cow::Owned(field.replace(['\t', '\r', '\n'], " "))
    } else {
        std::borrow::Cow::Borrowed(field)
    }
}
