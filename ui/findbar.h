#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QTextBrowser;

namespace sense7 {

/**
 * Find in the conversation (Ctrl+F): a line above the transcript. Enter finds the next match,
 * Shift+Enter the previous, Esc closes; the label counts the matches.
 */
class FindBar : public QWidget
{
    Q_OBJECT

public:
    FindBar(QTextBrowser *view, QWidget *parent = nullptr);

    void open();
    QLineEdit *field() const { return m_field; }
    /** Finds the next (or previous) match from the cursor, wrapping; false when none. */
    bool find(bool backward = false);
    int matchCount() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateCount();

    QTextBrowser *m_view;
    QLineEdit *m_field;
    QLabel *m_count;
};

} // namespace sense7
