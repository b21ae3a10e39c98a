//! Pixels as a PNG file's bytes: RGBA, 8 bits a channel, as the window's framebuffer gives them.

/// The PNG of a `width` × `height` RGBA image whose rows are stored bottom row first (as
/// OpenGL reads a framebuffer), written top row first as PNG wants.
pub fn encode_bottom_up(width: u32, height: u32, rgba: &[u8]) -> Result<Vec<u8>, String> {
    let row = width as usize * 4;
    if rgba.len() != row * height as usize {
        return Err(format!(
            "{} bytes are not a {width}x{height} RGBA image",
            rgba.len()
        ));
    }
    let flipped: Vec<u8> = rgba
        .chunks_exact(row.max(1))
        .rev()
        .flatten()
        .copied()
        .collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .write_header()
        .and_then(|mut w| w.write_image_data(&flipped))
        .map_err(|e| format!("cannot encode the PNG: {e}"))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_flipped_and_the_pixels_read_back() {
        // Two rows of one pixel: red at the bottom, blue at the top.
        let bottom_up = [255, 0, 0, 255, 0, 0, 255, 255];
        let bytes = encode_bottom_up(1, 2, &bottom_up).unwrap();
        let decoder = png::Decoder::new(&bytes[..]);
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (1, 2));
        assert_eq!(&buf[..8], &[0, 0, 255, 255, 255, 0, 0, 255]);
        assert!(encode_bottom_up(2, 2, &bottom_up).is_err());
    }
}
