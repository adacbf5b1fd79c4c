#pragma once

#include <QSet>
#include <QTextBrowser>

class QTextFrame;

namespace sense7 {

class TurnListModel;

/**
 * Read-only chat transcript of one conversation, drawn from a TurnListModel: user and assistant
 * turns as distinct bubbles, message text rendered readably, very long turns collapsed behind
 * "Show more". The current turn is outlined and kept in view without re-rendering, so moving
 * through a long conversation stays quick. Clicking a turn's heading emits turnClicked().
 */
class TranscriptView : public QTextBrowser
{
    Q_OBJECT

public:
    /** Turns longer than this many characters start collapsed. */
    static constexpr int collapseAbove = 1800;

    explicit TranscriptView(QWidget *parent = nullptr);

    void setModel(TurnListModel *model);
    /** Outlines the turn with id \a turnId (0: none) and scrolls it into view. */
    void setCurrentTurn(qint64 turnId);
    qint64 currentTurn() const { return m_current; }
    /** Shows the whole text of a collapsed turn. */
    void expand(qint64 turnId);
    bool isCollapsed(qint64 turnId) const;
    /** Whether clicks pick a turn (the pointer shows it). */
    void setPicking(bool picking);
    /** The id of the turn drawn at \a viewportPos, 0 when none. */
    qint64 turnAt(const QPoint &viewportPos) const;

Q_SIGNALS:
    void turnClicked(qint64 turnId);

protected:
    void changeEvent(QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    /** Bubble and text colours of the palette, worked out once per drawing. */
    struct Colors
    {
        QColor userBubble;
        QColor assistantBubble;
        QColor codeBackground;
        QColor muted;
    };
    Colors colors() const;
    /** Row \a row of the model as HTML: one top-level table. */
    QString rowHtml(int row, const Colors &colors, const QString &timeFormat) const;
    /** Draws the whole conversation again (keeping the turns above the first that differs). */
    void render();
    /**
     * Draws rows \a first to the last again (rows inserted or changed there): the turns above keep
     * their layout, and the view its scroll position.
     */
    void renderFrom(int first);
    /** Replaces the drawing of rows from \a same on by \a rows (HTML of rows \a same onwards). */
    void replaceTail(int same, const QStringList &rows);
    /** Takes the document's turn frames again and outlines the current turn. */
    void collectFrames(int kept);
    void followLink(const QUrl &url);
    void outline(int row, bool on);
    void outline(QTextFrame *frame, bool on);
    void scrollToRow(int row);
    QString roleLabel(const QString &role, int assistantNumber) const;

    TurnListModel *m_model = nullptr;
    QVector<QTextFrame *> m_frames; // one per model row
    QStringList m_rowHtml; // each row's HTML as drawn
    QSet<qint64> m_expanded;
    qint64 m_current = 0;
    bool m_picking = false;
};

} // namespace sense7
