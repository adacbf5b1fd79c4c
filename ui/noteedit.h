#pragma once

#include <QPlainTextEdit>
#include <QTimer>

#include <functional>

namespace sense7 {

/**
 * A text box that hands its text over when the person pauses typing or leaves the box, so notes
 * are saved without a Save button and without one save per key press.
 */
class NoteEdit : public QPlainTextEdit
{
public:
    NoteEdit(QWidget *parent, std::function<void(const QString &)> done)
        : QPlainTextEdit(parent)
        , m_done(std::move(done))
    {
        m_pause.setSingleShot(true);
        m_pause.setInterval(800);
        connect(&m_pause, &QTimer::timeout, this, [this] { m_done(toPlainText()); });
        connect(this, &QPlainTextEdit::textChanged, this, [this] {
            if (!m_silent)
                m_pause.start();
        });
        setTabChangesFocus(true);
    }

    /** Shows \a text without handing it over; typing in progress is handed over first. */
    void setTextSilently(const QString &text)
    {
        flush();
        if (text == toPlainText())
            return;
        m_silent = true;
        setPlainText(text);
        m_silent = false;
    }

    /** Hands over typing that is still waiting for a pause. */
    void flush()
    {
        if (m_pause.isActive()) {
            m_pause.stop();
            m_done(toPlainText());
        }
    }

protected:
    void focusOutEvent(QFocusEvent *event) override
    {
        flush();
        QPlainTextEdit::focusOutEvent(event);
    }

private:
    std::function<void(const QString &)> m_done;
    QTimer m_pause;
    bool m_silent = false;
};

} // namespace sense7
