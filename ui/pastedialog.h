#pragma once

#include "import/importer.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTableWidget;

namespace sense7 {

/**
 * File ▸ Paste conversation…: a transcript copied from a chat page, or typed, with a preview of
 * how it splits into turns before anything is written. Speaker lines ("You:", "Copilot said:",
 * "**User:**") are recognised as by `sense7 import`; other names are given as NAME=ROLE. Import
 * waits for a text that splits into turns.
 */
class PasteDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PasteDialog(QWidget *parent = nullptr);

    QString text() const;
    void setText(const QString &text);
    /** The speakers given in the dialog, for import::Options::speakers. */
    QHash<QString, Role> speakers() const;
    /** What the preview shows: the split, or why there is none. */
    const import::TranscriptPreview &preview() const { return m_preview; }

    QPlainTextEdit *editor() const { return m_text; }
    QLineEdit *speakerField() const { return m_speakers; }
    QTableWidget *previewTable() const { return m_table; }
    QDialogButtonBox *buttons() const { return m_buttons; }

private:
    void updatePreview();

    QPlainTextEdit *m_text = nullptr;
    QLineEdit *m_speakers = nullptr;
    QLabel *m_status = nullptr;
    QTableWidget *m_table = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    import::TranscriptPreview m_preview;
};

} // namespace sense7
