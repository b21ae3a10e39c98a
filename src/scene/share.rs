//! A scene in a link: `index.html#scene=` followed by the scene's JSON in base64url (RFC 4648
//! §5, no padding). The web page opens the scene of its link, and makes one for a person to
//! copy; a teacher pastes it into slides and the same figure opens.

use super::Scene;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::{DecodeError, Engine};

/// What comes after `#` in a scene link, before the encoded scene.
pub const KEY: &str = "scene=";

/// The link's fragment (after `#`) for `scene`: [`KEY`] and its format-1 JSON, without the
/// file's indentation, in base64url.
pub fn fragment(scene: &Scene) -> String {
    let text = scene.to_json_string();
    // The file's own text, in its field order, on one line (a third shorter).
    let compact = serde_json::from_str::<serde_json::Value>(&text)
        .map(|v| v.to_string())
        .unwrap_or(text);
    format!("{KEY}{}", URL_SAFE_NO_PAD.encode(compact))
}

/// The scene in a link's fragment (with or without its `#`): `Ok(None)` for no fragment,
/// `Err` says in a sentence what is wrong with the link.
pub fn from_fragment(fragment: &str) -> Result<Option<Scene>, String> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment).trim();
    if fragment.is_empty() {
        return Ok(None);
    }
    let Some(code) = fragment.strip_prefix(KEY) else {
        let shown: String = fragment.chars().take(24).collect();
        return Err(format!(
            "\"#{shown}\" is not a scene link (one ends in #{KEY} and the scene in base64url)"
        ));
    };
    if code.is_empty() {
        return Err("the link has no scene after #scene=".into());
    }
    let bytes = URL_SAFE_NO_PAD.decode(code).map_err(|e| match e {
        DecodeError::InvalidByte(at, byte) => format!(
            "character {} of the scene ('{}') is not base64url (A-Z a-z 0-9 - _)",
            at + 1,
            char::from(byte).escape_default()
        ),
        DecodeError::InvalidLength(n) => {
            format!("the scene is cut short ({n} characters is not a whole number of bytes)")
        }
        DecodeError::InvalidLastSymbol(..) => {
            "the scene is cut short or changed at its last character".into()
        }
        DecodeError::InvalidPadding => {
            "the scene ends in '=' padding, which links have none of".into()
        }
    })?;
    Scene::from_bytes(&bytes, "the link's scene")
        .map(Some)
        .map_err(|e| {
            let cut = e.to_string().contains("EOF");
            let hint = if cut { " (the link is cut short?)" } else { "" };
            format!("{e}{hint}")
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::built_in;

    #[test]
    fn every_shipped_scene_goes_through_a_link_unchanged() {
        for (name, text) in built_in::SCENES {
            let scene = Scene::from_str(text, name).unwrap();
            let link = fragment(&scene);
            assert!(link.starts_with(KEY));
            let code = &link[KEY.len()..];
            assert!(code
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
            let back = from_fragment(&format!("#{link}")).unwrap().unwrap();
            // The title and everything else come back; only the name used in errors differs.
            assert_eq!(back.to_json_string(), scene.to_json_string(), "{name}");
        }
    }

    #[test]
    fn the_encoding_is_rfc_4648_base64url_without_padding() {
        // RFC 4648 §10's test vectors, in the URL-safe alphabet with padding removed.
        for (plain, code) in [
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
        ] {
            assert_eq!(URL_SAFE_NO_PAD.encode(plain), code);
        }
        assert_eq!(URL_SAFE_NO_PAD.encode([0xfb, 0xff]), "-_8");
    }

    #[test]
    fn a_bad_link_says_what_is_wrong() {
        let scene = built_in::default_scene();
        let link = fragment(&scene);
        assert_eq!(from_fragment("").unwrap(), None);
        assert_eq!(from_fragment("#").unwrap(), None);
        let err = |f: &str| from_fragment(f).unwrap_err();
        assert!(err("#view=3").contains("not a scene link"));
        assert!(err("#scene=").contains("no scene"));
        assert!(err("#scene=%%%").contains("character 1 of the scene ('%')"));
        assert!(err(&format!("#{link}=")).contains("padding"));
        // Cut anywhere: never a scene, always a reason.
        for cut in [
            KEY.len() + 1,
            link.len() / 2,
            link.len() - 5,
            link.len() - 4,
        ] {
            let e = err(&link[..cut]);
            assert!(
                e.contains("cut short") || e.contains("EOF"),
                "cut at {cut}: {e}"
            );
        }
        let not_a_scene = format!("{KEY}{}", URL_SAFE_NO_PAD.encode("{\"format\": 2}"));
        assert!(err(&not_a_scene).contains("the link's scene"));
    }
}
